import { CHAT_TOKEN_PURPOSE, CHAT_TOKEN_TTL_MS, type ChatTokenClaims } from '@cn/contracts';
import { createSignedToken, type SessionConfig } from '@cn/platform';

/**
 * The chat socket's credentials: a signed token (`createSignedToken`, purpose CHAT_TOKEN_PURPOSE) under the
 * session secret, so the service that serves the socket verifies it without asking anyone. The socket also
 * wants the session cookie of the same member: a token alone opens nothing after signing out.
 */
export const issueChatToken = (memberId: string, session: SessionConfig, now: Date): { token: string; expires_at: string } => {
  const expiresAt = now.getTime() + CHAT_TOKEN_TTL_MS;
  return { token: createSignedToken<ChatTokenClaims>(session.secret, CHAT_TOKEN_PURPOSE, { member_id: memberId, expires_at: expiresAt }), expires_at: new Date(expiresAt).toISOString() };
};
