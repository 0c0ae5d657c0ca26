import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadMessages, storedLocale } from './i18n/locales';

/**
 * The console's first script is React and this: it asks at once, side by side, for the console's chunk
 * (App.tsx: react-admin, MUI, the layout, the routes) and the chosen language's texts, and renders when
 * both are here. Until then index.html's own boot line shows. Each resource's pages and data provider
 * are chunks of their own, fetched on first use (docs/ARCHITECTURE.md, "Consoles: size and loading").
 */
const root = document.getElementById('root');
if (root !== null) {
  const locale = storedLocale(globalThis.localStorage);
  void Promise.all([import('./App'), loadMessages(locale)]).then(([{ App, createI18nProvider }, messages]) => {
    createRoot(root).render(
      <StrictMode>
        <App i18nProvider={createI18nProvider(locale, messages)} />
      </StrictMode>,
    );
  });
}
