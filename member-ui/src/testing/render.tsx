import { CONSISTENCY_HEADER } from '@cn/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createApiClient, type ApiClient } from '../api/client';
import { createQueryClient } from '../api/query-client';
import { DataLayer } from '../app/DataLayer';
import { createI18n } from '../i18n';
import { allTranslations } from '../i18n/all-translations';
import type { ChangedMessage } from '../realtime/changes';
import type { WatchedTopics } from '../realtime/topics';
import { RequireMember } from '../session/RequireMember';
import { SessionProvider, type OpenChannel } from '../session/SessionContext';
import { ToastProvider } from '../toasts/Toasts';
import { aNetworkResponse } from './fixtures';

export interface Answer {
  status: number;
  body?: unknown;
  /** the position a command's answer announces in X-Consistency-Position */
  position?: number;
}
export type Call = { method: string; url: string; body: unknown; headers: Record<string, string> };
type Route = Answer | ((call: Call) => Answer);

/**
 * A fake server for a console under test: `METHOD /path` (without the query) answers what the test says,
 * GET /api/v1/network a signed-in member unless told otherwise, anything else 404. Every call is kept.
 */
export const fakeServer = (routes: Record<string, Route>) => {
  const calls: Call[] = [];
  const all: Record<string, Route> = { 'GET /api/v1/network': { status: 200, body: aNetworkResponse() }, ...routes };
  const fetchImpl = ((input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const call: Call = {
      method,
      url: input,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const route = all[`${method} ${input.split('?')[0]}`];
    const answer = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { statusCode: 404, error: 'not_found', errors: [] } });
    return Promise.resolve({
      status: answer.status,
      ok: answer.status >= 200 && answer.status < 300,
      headers: { get: (name: string) => (name === CONSISTENCY_HEADER && answer.position !== undefined ? String(answer.position) : null) },
      text: () => Promise.resolve(answer.body === undefined ? '' : JSON.stringify(answer.body)),
    } as unknown as Response);
  }) as typeof fetch;
  const api: ApiClient = createApiClient(fetchImpl);
  /** the calls of one route */
  const callsTo = (method: string, path: string) => calls.filter((call) => call.method === method && call.url.split('?')[0] === path);
  return { api, calls, callsTo };
};

/** A realtime channel the test pushes changes into. */
export const fakeChannel = () => {
  const listeners = new Set<(message: ChangedMessage) => void>();
  let watched: WatchedTopics | undefined;
  const open: OpenChannel = (onChange, topics) => {
    listeners.add(onChange);
    watched = topics;
    return () => listeners.delete(onChange);
  };
  /** the topics the console's open pages watch now */
  const topics = (): string[] => watched?.current() ?? [];
  const push = (message: Omit<ChangedMessage, 'type'>) => {
    for (const listener of listeners) listener({ type: 'changed', ...message });
  };
  return { open, push, topics };
};

/**
 * Renders `element` at `url` (matched by `path`) inside the console's providers: English texts, the
 * session on the fake server, the query cache, toasts. `others` are routes the page may move to.
 */
export const renderPage = (
  element: ReactNode,
  {
    url,
    path = url,
    api,
    others = {},
    client = createQueryClient(),
    channel = fakeChannel(),
  }: { url: string; path?: string; api: ApiClient; others?: Record<string, ReactNode>; client?: QueryClient; channel?: ReturnType<typeof fakeChannel> },
) => {
  const result = render(
    <I18nextProvider i18n={createI18n('en', allTranslations)}>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider api={api} openChannel={channel.open}>
          <DataLayer client={client}>
            <ToastProvider>
              <Routes>
                <Route path="/users/sign_in" element={<p data-testid="signed-out" />} />
                <Route element={<RequireMember />}>
                  <Route path={path} element={element} />
                  {Object.entries(others).map(([otherPath, other]) => (
                    <Route key={otherPath} path={otherPath} element={other} />
                  ))}
                </Route>
              </Routes>
            </ToastProvider>
          </DataLayer>
        </SessionProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { ...result, client, channel };
};

/** Renders one section of a page: English texts, a router for its links, toasts; no session, no server. */
export const renderSection = (element: ReactNode) =>
  render(
    <I18nextProvider i18n={createI18n('en', allTranslations)}>
      <MemoryRouter>
        <ToastProvider>{element}</ToastProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
