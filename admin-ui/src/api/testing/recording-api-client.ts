import type { ApiClient, HttpClient } from '../apiClient';

export interface RecordedCall {
  url: string;
  method: string;
  body: unknown;
}

export interface Answer {
  json?: unknown;
  headers?: Record<string, string>;
  status?: number;
}

/**
 * An api client that records each call (method, url, parsed JSON body) and answers from a queue;
 * a call with no answer left fails the test.
 */
export const recordingApiClient = (...queued: Array<Answer | Error>) => {
  const calls: RecordedCall[] = [];
  const answers = [...queued];
  const httpClient: HttpClient = (url, options = {}) => {
    calls.push({ url, method: options.method ?? 'GET', body: typeof options.body === 'string' ? JSON.parse(options.body) : undefined });
    const answer = answers.shift();
    if (answer === undefined) return Promise.reject(new Error(`unexpected ${options.method ?? 'GET'} ${url}`));
    if (answer instanceof Error) return Promise.reject(answer);
    const json = answer.json;
    return Promise.resolve({
      status: answer.status ?? 200,
      headers: new Headers(answer.headers),
      body: json === undefined ? '' : JSON.stringify(json),
      json,
    });
  };
  const api: ApiClient = {
    httpClient,
    network: () => Promise.reject(new Error('not used')),
    forgetSession: () => undefined,
    lastPosition: () => null,
  };
  return { api, calls, unanswered: () => answers.length };
};
