import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { createApiClient } from './api/client';
import { createI18n, loadTranslation, storedLanguage } from './i18n';
import { SessionProvider } from './session/SessionContext';
import './styles.css';

/**
 * The first page's code is fetched at once, beside the console, the strings and the session, instead of after
 * the console chunk (App's preloadFirstPage asks again, and gets the same module): the home ('/' leads to
 * /activitystreams, START_PAGE) is what a member opening the console sees first. It named the appointments
 * until the home became the start page, so the home's chunk waited for the console's.
 */
const preloadStartPage = (pathname: string): void => {
  if (pathname === '/' || pathname === '/activitystreams') void import('./activities');
  else if (pathname.startsWith('/appointments')) void import('./appointments');
};

/**
 * The first script holds React, the router, i18next and the session; the console (query cache, live
 * routes, shell, route table) is its own chunk. All of them are asked for here, before anything waits:
 * the strings, the session (the network's answer), the console and the start page load side by side (scripts/check-bundle-size.mjs
 * keeps the first script under 120 kB gzipped).
 */
const start = async (container: HTMLElement): Promise<void> => {
  const api = createApiClient();
  const firstNetwork = api.network();
  // answered when the session first loads; until then a refusal (signed out: 401) is no unhandled rejection
  firstNetwork.catch(() => undefined);
  const consoleChunk = import('./app/Console');
  preloadStartPage(window.location.pathname);
  // the chosen language's strings (each language is its own chunk, fetched once) beside the console, and the
  // start page's chunk before the first render: nothing on the way to the first page shows a fallback
  const language = storedLanguage();
  const [{ Console, preloadFirstPage }, strings] = await Promise.all([consoleChunk, loadTranslation(language)]);
  await preloadFirstPage(window.location.pathname);
  const i18n = createI18n(language, { [language]: strings });
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <SessionProvider api={api} firstNetwork={firstNetwork}>
            <Console />
          </SessionProvider>
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>,
  );
};

const container = document.getElementById('root');
if (container) void start(container);
