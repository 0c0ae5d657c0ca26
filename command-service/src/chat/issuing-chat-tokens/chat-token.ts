import { CHAT_TOKEN_TTL_MS } from '@cn/contracts';
import { csrfTokenFor, type SessionConfig } from '@cn/platform';

/**
 * The chat socket's credentials: `memberId.expiresAt.signature`, an HMAC under the session secret (the
 * HTTP kit's, so the service that serves the socket verifies it without asking anyone). The socket also
 * wants the session cookie of the same member: a token alone opens nothing after signing out.
 */
const signature = (memberId: string, expiresAt: number, session: SessionConfig): string => csrfTokenFor(`chat-token:${memberId}.${expiresAt}`, session);

export const issueChatToken = (memberId: string, session: SessionConfig, now: Date): { token: string; expires_at: string } => {
  const expiresAt = now.getTime() + CHAT_TOKEN_TTL_MS;
  return { token: `${memberId}.${expiresAt}.${signature(memberId, expiresAt, session)}`, expires_at: new Date(expiresAt).toISOString() };
};
