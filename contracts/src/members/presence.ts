import type { MemberSettings } from '../settings/network-settings';
import type { PresenceType } from './members';

/**
 * Presence follows the connection: a member with an open console is online unless they chose busy or
 * invisible; once their last console has closed, they are offline after a short grace period (a reload
 * or a moment without network does not flicker). Connections are kept per service process in the
 * document store (CONNECTIONS_COLLECTION), refreshed while open: a process that died leaves entries that
 * turn stale.
 */
export const PRESENCE_GRACE_SECONDS = 30;
export const PRESENCE_HEARTBEAT_SECONDS = 60;
export const PRESENCE_STALE_SECONDS = 180;
export const CONNECTIONS_COLLECTION = '_connections';

/**
 * The realtime topic of pages that show other members (the directory, a profile, the map): another
 * member's change (presence, names, image) is pushed only to the consoles watching it. A member's own
 * change reaches all their consoles whatever they watch.
 */
export const MEMBERS_TOPIC = 'members';

/** One member's open consoles on one service process. */
export interface ConnectionEntry {
  member_id: string;
  /** when the process last confirmed the connection (ISO) */
  seen_at: string;
}

export const isFreshConnection = (entry: Pick<ConnectionEntry, 'seen_at'>, now: Date): boolean =>
  now.getTime() - Date.parse(entry.seen_at) < PRESENCE_STALE_SECONDS * 1000;

/** The members with an open console among the connection entries a service read (stale entries left out). */
export const connectedMemberIds = (entries: readonly ConnectionEntry[], now: Date): Set<string> =>
  new Set(entries.filter((entry) => isFreshConnection(entry, now)).map((entry) => entry.member_id));

export interface PresenceView {
  subjectId: string;
  /** who is looking (null: someone else, whoever it is) */
  viewerId: string | null;
  showOnlineStatus: MemberSettings['show_online_status'];
  /** whether the subject has an open console now */
  connected: boolean;
}

/**
 * The status a viewer sees of a member: none when the network hides presence; offline (none) without an
 * open console; the chosen type otherwise (online when none was chosen), an invisible member looking
 * offline to everyone else. A member always sees their own choice.
 */
export const statusSeenBy = (
  chosen: { type: PresenceType; text: string } | null,
  view: PresenceView,
): { type: PresenceType; text: string } | undefined => {
  if (view.showOnlineStatus === 'disabled') return undefined;
  const own = view.viewerId === view.subjectId;
  if (own) return chosen ?? { type: 'online', text: '' };
  if (!view.connected) return undefined;
  if (chosen?.type === 'invisible') return undefined;
  return chosen ?? { type: 'online', text: '' };
};
