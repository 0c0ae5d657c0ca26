// Chat: the constants the member console's first script needs, kept free of zod (no schema of the
// feature comes with them into the bundle).

export const CHAT_MESSAGE_MAX = 10_000;
/** the messages one chat_details / more_messages answer carries */
export const CHAT_PAGE_SIZE = 50;
/** the chats one resume may name (they fit in one socket frame; a chat not named gets the fallback) */
export const CHAT_RESUME_MAX_CHATS = 1_000;
/** the quick-switch bar */
export const CHAT_RECENT_COUNT = 10;
/** "forever": the mute ends on the last day there is */
export const CHAT_MUTE_FOREVER = '9999-12-31T23:59:59.999Z';
export const CHAT_MUTE_OPTIONS = ['hour', 'day', 'week', 'forever'] as const;
export type ChatMuteOption = (typeof CHAT_MUTE_OPTIONS)[number];
/** credentials of the socket live 3 hours; the client renews them 3 minutes before */
export const CHAT_TOKEN_TTL_MS = 3 * 60 * 60 * 1000;
export const CHAT_TOKEN_MARGIN_MS = 3 * 60 * 1000;
/** the signed-token purpose of the socket's credentials: issued by the command side, read by the socket */
export const CHAT_TOKEN_PURPOSE = 'chat-token';
/** what a chat token's claims hold */
export interface ChatTokenClaims {
  member_id: string;
  expires_at: number;
}
export const isChatTokenClaims = (value: unknown): value is ChatTokenClaims => typeof (value as { member_id?: unknown } | null)?.member_id === 'string';
export const CHAT_SOCKET_PATH = '/api/chat/socket';
export const CHAT_BADGE_MAX = 99;
/** the end of a mute option, seen from `now` in the console's local time */
export const muteUntil = (option: ChatMuteOption, now: Date): string => {
  if (option === 'forever') return CHAT_MUTE_FOREVER;
  if (option === 'hour') return new Date(now.getTime() + 60 * 60 * 1000).toISOString();
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  if (option === 'week') {
    // the week ends on Sunday (ISO weeks)
    const daysToSunday = (7 - end.getDay()) % 7;
    end.setDate(end.getDate() + daysToSunday);
  }
  return end.toISOString();
};
export const isMuted = (until: string | null, now: Date): boolean => until !== null && Date.parse(until) > now.getTime();
/** '+' above 99 */
export const chatBadgeText = (count: number): string => (count > 99 ? '99+' : String(count));

// ---- mentions in a chat message (markdown): `[@Name](/members/{id})`, written by the console's member picker ----

/** the markdown of a mention; brackets and backslashes are left out of the name so the link stays one */
export const chatMentionMarkup = (memberId: string, name: string): string => `[@${name.replace(/[[\]\\\n]/g, '').trim()}](/members/${encodeURIComponent(memberId)})`;

/** the in-app link a mention points to: the chat's markdown renders it as a link inside the console */
export const CHAT_MENTION_HREF = /^\/members\/[A-Za-z0-9_-]{1,64}$/;

const CHAT_MENTION = /\[@[^\]\n]*\]\(\/members\/([A-Za-z0-9_-]{1,64})\)/g;

/** the ids of the members a message text mentions, each once, in order */
export const chatMentionedMemberIds = (text: string): string[] => [...new Set([...text.matchAll(CHAT_MENTION)].map((match) => match[1]))];

/** the composer saves its draft at most once a second (the spec's throttle) */
export const CHAT_DRAFT_SYNC_MS = 1000;
