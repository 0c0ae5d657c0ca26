import { PRESENCE_TYPES, REALTIME_BATCH_TYPE, SHOW_ONLINE_STATUS, type MemberDto, type NetworkResponse, type PresenceType } from '@cn/contracts';

/** What the projection service pushes over `/api/realtime`. */
export interface ChangedMessage {
  type: 'changed';
  collection: string;
  id: string;
  doc: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const changedMessageOf = (value: unknown): ChangedMessage | null => {
  if (!isRecord(value) || value.type !== 'changed') return null;
  if (typeof value.collection !== 'string' || typeof value.id !== 'string') return null;
  return { type: 'changed', collection: value.collection, id: value.id, doc: value.doc ?? null };
};

const parsed = (raw: string): unknown => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

export const parseChangedMessage = (raw: string): ChangedMessage | null => changedMessageOf(parsed(raw));

/**
 * The changes one frame carries: a single change, or a batch (`{"type":"batch","messages":[...]}`, the
 * pushes of one tick to this console, in the order they were pushed); anything else carries none.
 */
export const parseChangedMessages = (raw: string): ChangedMessage[] => {
  const value = parsed(raw);
  if (isRecord(value) && value.type === REALTIME_BATCH_TYPE && Array.isArray(value.messages)) {
    return value.messages.flatMap((entry) => changedMessageOf(entry) ?? []);
  }
  const message = changedMessageOf(value);
  return message ? [message] : [];
};

/** the server's answer to a watch that added topics (or the connection's first): pushes of them start at `position` */
export const parseWatchingMessage = (raw: string): { topics: string[]; position: number } | null => {
  if (!raw.startsWith('{"type":"watching"')) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.type !== 'watching' || !Array.isArray(value.topics) || !Number.isSafeInteger(value.position)) return null;
  return { topics: value.topics.filter((topic): topic is string => typeof topic === 'string'), position: value.position as number };
};

const isPresenceType = (value: unknown): value is PresenceType =>
  typeof value === 'string' && (PRESENCE_TYPES as readonly string[]).includes(value);

/** Collections are versioned (`members_v1`); the console only cares about the read model's name. */
export const baseName = (collection: string): string => collection.replace(/_v\d+$/, '');

export type PresenceChange = { memberId: string; status: MemberDto['status'] };

/**
 * A member change carries either a MemberDto (`status`) or the member document (`presence`);
 * absent presence means offline (or hidden from this viewer).
 */
export const presenceChangeOf = (message: ChangedMessage): PresenceChange | null => {
  if (baseName(message.collection) !== 'members') return null;
  const doc = message.doc;
  if (!isRecord(doc)) return { memberId: message.id, status: undefined };
  const source = isRecord(doc.status) ? doc.status : isRecord(doc.presence) ? doc.presence : null;
  if (!source || !isPresenceType(source.type)) return { memberId: message.id, status: undefined };
  return { memberId: message.id, status: { type: source.type, text: typeof source.text === 'string' ? source.text : '' } };
};

/** The profile fields of a pushed member (names, age): what lists and pages showing the member take over. */
export type MemberProfilePatch = Pick<MemberDto, 'displayName' | 'name' | 'first_name' | 'last_name'> & { age?: number; images?: MemberDto['images'] };

const imagesOf = (value: unknown): MemberDto['images'] | null => {
  if (!isRecord(value)) return null;
  const url = (entry: unknown): string | null => (typeof entry === 'string' ? entry : null);
  return { small: url(value.small), large: url(value.large) };
};

/** A member push that carries a MemberDto (not a bare presence) gives its names; null otherwise. */
export const memberProfileChangeOf = (message: ChangedMessage): { memberId: string; patch: MemberProfilePatch } | null => {
  if (baseName(message.collection) !== 'members' || !isRecord(message.doc)) return null;
  const { displayName, name, first_name, last_name, age, images } = message.doc;
  if (typeof displayName !== 'string' || typeof name !== 'string' || typeof first_name !== 'string' || typeof last_name !== 'string') return null;
  const patch: MemberProfilePatch = { displayName, name, first_name, last_name };
  if (typeof age === 'number') patch.age = age;
  // the profile image follows (a changed image has a new URL)
  const pushedImages = imagesOf(images);
  if (pushedImages) patch.images = pushedImages;
  return { memberId: message.id, patch };
};

/** A member with a pushed profile: the age goes when the push has none (the member stopped showing it). */
export const withProfile = <M extends MemberDto>(member: M, patch: MemberProfilePatch): M => {
  const { age: _age, ...rest } = member;
  return { ...rest, ...patch } as M;
};

type NetworkConfig = NetworkResponse['network'];

const SHOW_ONLINE_STATUS_VALUES: readonly string[] = SHOW_ONLINE_STATUS;
const isShowOnlineStatus = (value: unknown): value is NetworkConfig['show_online_status'] =>
  typeof value === 'string' && SHOW_ONLINE_STATUS_VALUES.includes(value);

/** the map's configuration as the network push carries it (`config.maps`) */
const isMapConfig = (value: unknown): value is NonNullable<NetworkConfig['maps']> =>
  isRecord(value) &&
  typeof value.enabled === 'boolean' &&
  (value.tile_url === null || typeof value.tile_url === 'string') &&
  typeof value.zoom_level === 'number' &&
  (value.scope === 'all' || value.scope === 'poi') &&
  (value.center === null || (isRecord(value.center) && typeof value.center.lat === 'number' && typeof value.center.lng === 'number'));

/**
 * What a network change tells the console: the projection pushes the network configuration
 * (`collection: 'network'`, doc as in NetworkResponse.network); a settings document
 * (`settings.basic.name`, `settings.member.show_online_status`) is understood as well.
 */
export const networkPatchOf = (message: ChangedMessage): Partial<NetworkConfig> | null => {
  const collection = baseName(message.collection);
  if ((collection !== 'network' && collection !== 'settings') || !isRecord(message.doc)) return null;
  const doc = message.doc;
  const source = isRecord(doc.network) ? doc.network : doc;
  const basic = isRecord(doc.basic) ? doc.basic : isRecord(doc.settings) && isRecord(doc.settings.basic) ? doc.settings.basic : null;
  const member = isRecord(doc.member) ? doc.member : isRecord(doc.settings) && isRecord(doc.settings.member) ? doc.settings.member : null;
  const patch: Partial<NetworkConfig> = {};
  const name = source.name ?? basic?.name;
  if (typeof name === 'string') patch.name = name;
  const showOnlineStatus = source.show_online_status ?? member?.show_online_status;
  if (isShowOnlineStatus(showOnlineStatus)) patch.show_online_status = showOnlineStatus;
  const abuseReports = source.abuse_reports_enabled ?? basic?.abuse_reports_enabled;
  if (typeof abuseReports === 'boolean') patch.abuse_reports_enabled = abuseReports;
  const showMap = source.show_map ?? member?.show_map;
  if (typeof showMap === 'boolean') patch.show_map = showMap;
  if (isMapConfig(source.maps)) patch.maps = source.maps;
  return Object.keys(patch).length > 0 ? patch : null;
};
