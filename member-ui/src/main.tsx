import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from './api/query-client';
import { App } from './app/App';
import { DataLayer } from './app/DataLayer';
import { WaitlistPromotionToasts } from './appointments/WaitlistPromotionToasts';
import { createI18n } from './i18n';
import { SessionProvider } from './session/SessionContext';
import { ToastProvider } from './toasts/Toasts';
import './styles.css';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={createI18n()}>
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
}
