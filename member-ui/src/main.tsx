import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { readStartPage } from './activities/start-page-reads';
import { createApiClient, type ApiClient } from './api/client';
import { setConsoleTimeZone, consoleTimeZone } from './common/console-time-zone';
import { DAY_AND_TIME, dateTimeFormat } from './common/date-format';
import { createI18n, loadTranslation, storedLanguage } from './i18n';
import { isStartPagePath, withEarlyReads } from './shell/early-reads';
import { SessionProvider } from './session/SessionContext';
import './styles.css';

/**
 * The first page's code and data are asked for at once, beside the console, the strings and the session,
 * instead of after the console chunk and the first render (App's preloadFirstPage asks for the code again,
 * and gets the same module; the page's queries take the answers read ahead): the home ('/' leads to
 * START_PAGE) is what a member opening the console sees first. Its data goes first, while the connections
 * are free (a browser opens six per host).
 */
const preloadStartPage = (pathname: string, api: ApiClient): void => {
  if (isStartPagePath(pathname)) {
    api.readAhead(() => readStartPage(api));
    void import('./activities');
  } else if (pathname.startsWith('/appointments')) void import('./appointments');
};

/**
 * The first script holds React, the router, i18next and the session; the console (query cache, live
 * routes, shell, route table) is its own chunk. All of them are asked for here, before anything waits:
 * the strings, the session (the network's answer), the console and the start page load side by side (scripts/check-bundle-size.mjs
 * keeps the first script under 120 kB gzipped).
 */
const start = async (container: HTMLElement): Promise<void> => {
  // the network's answer and the start page's data may have been asked for by index.html's boot script already
  const api = createApiClient(withEarlyReads((...args) => fetch(...args)));
  const firstNetwork = api.network();
  // answered when the session first loads; until then a refusal (signed out: 401) is no unhandled rejection
  firstNetwork.catch(() => undefined);
  preloadStartPage(window.location.pathname, api);
  const consoleChunk = import('./app/Console');
  // the chosen language's strings (each language is its own chunk, fetched once) beside the console, and the
  // start page's chunk before the first render: nothing on the way to the first page shows a fallback
  const language = storedLanguage();
  // the first page tells its times in the network's zone (the activities, the notifications): the format and its
  // locale data are made while the code is still on its way, not in the first render (common/date-format.ts)
  void firstNetwork.then(
    (answer) => {
      setConsoleTimeZone(answer.time_zone);
      dateTimeFormat(language, { ...DAY_AND_TIME, timeZone: consoleTimeZone() });
    },
    () => undefined,
  );
  // the network's answer (asked for first, so in by then) too: the first render is the member's console
  // and the start page's data read ahead (asked for before the code, usually in before it): its first render shows them
  const [{ Console, preloadFirstPage }, strings, firstAnswer] = await Promise.all([
    consoleChunk,
    loadTranslation(language),
    firstNetwork.catch(() => undefined),
    api.readsAheadSettled(),
  ]);
  const seed = await preloadFirstPage(window.location.pathname);
  const i18n = createI18n(language, { [language]: strings });
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <SessionProvider api={api} firstNetwork={firstNetwork} firstAnswer={firstAnswer}>
            <Console seed={seed} />
          </SessionProvider>
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>,
  );
};

const container = document.getElementById('root');
if (container) void start(container);
