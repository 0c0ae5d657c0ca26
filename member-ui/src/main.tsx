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

const start = async (container: HTMLElement): Promise<void> => {
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
