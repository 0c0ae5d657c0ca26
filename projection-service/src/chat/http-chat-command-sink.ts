import { CSRF_HEADER, SESSION_COOKIE } from '@cn/contracts';
import { csrfTokenFor, HttpProblem, type SessionConfig } from '@cn/platform';
import type { ChatCommandSink, ChatIssuer } from './attach-chat-socket';

const path = (chatId: string, tail: string): string => {
  const [type, id] = chatId.split('/');
  return `/api/v1/chats/${encodeURIComponent(type ?? '')}/${encodeURIComponent(id ?? '')}${tail}`;
};

/**
 * The chat socket's writes where the command service is another process (COMMAND_SERVICE_URL): each action
 * is the command service's own route, called with the member's session and its CSRF token, so that the
 * command side authenticates, authorizes and refuses exactly as for the console's own calls.
 */
export const httpChatCommandSink = (baseUrl: string, session: SessionConfig, fetchImpl: typeof fetch = fetch): ChatCommandSink => {
  const call = async (issuer: ChatIssuer, method: 'POST' | 'PUT' | 'DELETE', route: string, body?: object): Promise<{ position: number }> => {
    if (!issuer.sessionToken) throw new HttpProblem(401, 'unauthenticated');
    const response = await fetchImpl(`${baseUrl.replace(/\/$/, '')}${route}`, {
      method,
      headers: {
        Accept: 'application/json',
        Cookie: `${SESSION_COOKIE}=${issuer.sessionToken}`,
        [CSRF_HEADER]: csrfTokenFor(issuer.sessionToken, session),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json().catch(() => ({}))) as { position?: number; error?: string; errors?: Array<{ field: string; key: string }> };
    if (!response.ok) throw new HttpProblem(response.status, answer.error ?? 'generic_error', answer.errors ?? []);
    return { position: answer.position ?? 0 };
  };
  return {
    send: (issuer, input) => call(issuer, 'POST', path(input.chat_id, '/messages'), { message_id: input.message_id, text: input.text, quoted_message_id: input.quoted_message_id }),
    mark: (issuer, input) => call(issuer, 'POST', path(input.chat_id, input.state === 'read' ? '/read' : '/received'), { message_id: input.message_id }),
    mute: (issuer, input) =>
      input.until === null ? call(issuer, 'DELETE', `${path(input.chat_id, '/mute')}?app=${input.app}`) : call(issuer, 'PUT', path(input.chat_id, '/mute'), { until: input.until, app: input.app }),
    setStatus: (issuer, input) => call(issuer, 'PUT', '/api/v1/members/me/status', input),
    saveDraft: (issuer, input) => call(issuer, 'PUT', path(input.chat_id, '/draft'), { text: input.text }),
  };
};
