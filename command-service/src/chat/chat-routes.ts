import { chatIdOf, parseChatId } from '@cn/contracts';
import { HttpProblem } from '@cn/platform';

/** what every chat route may answer besides its own */
export const CHAT_REFUSALS = {
  401: 'unauthenticated',
  403: 'forbidden (not in the chat, or no chat for this member) or invalid_csrf_token',
  404: 'not_found (no such chat type or id; a message_id of another chat)',
} as const;

/** `member/{id}` or `group/{id}` from a route's path; 404 for anything else */
export const chatIdParam = (type: string, id: string): string => {
  const ref = parseChatId(`${type}/${id}`);
  if (!ref) throw new HttpProblem(404, 'not_found');
  return chatIdOf(ref);
};
