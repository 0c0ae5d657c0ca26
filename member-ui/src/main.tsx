import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from './api/query-client';
import { App } from './app/App';
import { DataLayer } from './app/DataLayer';
import { WaitlistPromotionToasts } from './appointments/WaitlistPromotionToasts';
import { createI18n, loadTranslation, storedLanguage } from './i18n';
import { SessionProvider } from './session/SessionContext';
import { ToastProvider } from './toasts/Toasts';
import './styles.css';

/**
 * The start page's code is fetched at once, beside the strings and the session, instead of after them:
 * the appointments (the start page) are what a member opening the console sees first.
 */
const preloadStartPage = (pathname: string): void => {
  if (pathname === '/' || pathname.startsWith('/appointments')) void import('./appointments');
};

const start = async (container: HTMLElement): Promise<void> => {
  preloadStartPage(window.location.pathname);
  // the chosen language's strings first (German is bundled; another language is fetched once)
  const language = storedLanguage();
  const i18n = createI18n(language, { [language]: await loadTranslation(language) });
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <SessionProvider>
            <DataLayer client={createQueryClient()}>
              <ToastProvider>
                <App />
                <WaitlistPromotionToasts />
              </ToastProvider>
            </DataLayer>
          </SessionProvider>
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>,
  );
};

const container = document.getElementById('root');
if (container) void start(container);
