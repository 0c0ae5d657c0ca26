import { PRESENCE_TYPES, type MemberDto, type PresenceType } from '@cn/contracts';

/** What the projection service pushes over `/api/realtime`. */
export interface ChangedMessage {
  type: 'changed';
  collection: string;
  id: string;
  doc: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const parseChangedMessage = (raw: string): ChangedMessage | null => {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.type !== 'changed') return null;
  if (typeof value.collection !== 'string' || typeof value.id !== 'string') return null;
  return { type: 'changed', collection: value.collection, id: value.id, doc: value.doc ?? null };
};

const isPresenceType = (value: unknown): value is PresenceType =>
  typeof value === 'string' && (PRESENCE_TYPES as readonly string[]).includes(value);

/** Collections are versioned (`members_v1`); the console only cares about the read model's name. */
const baseName = (collection: string): string => collection.replace(/_v\d+$/, '');

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

/** A network change carries the network (`name`), a NetworkResponse (`network.name`) or the settings document. */
export const networkNameOf = (message: ChangedMessage): string | null => {
  if (baseName(message.collection) !== 'network') return null;
  const doc = message.doc;
  if (!isRecord(doc)) return null;
  if (typeof doc.name === 'string') return doc.name;
  if (isRecord(doc.network) && typeof doc.network.name === 'string') return doc.network.name;
  if (isRecord(doc.settings) && isRecord(doc.settings.basic) && typeof doc.settings.basic.name === 'string') {
    return doc.settings.basic.name;
  }
  return null;
};

/** Network-level settings that a change may carry along with the name. */
export const showOnlineStatusOf = (message: ChangedMessage): string | null => {
  if (baseName(message.collection) !== 'network' || !isRecord(message.doc)) return null;
  const doc = message.doc;
  if (typeof doc.show_online_status === 'string') return doc.show_online_status;
  if (isRecord(doc.settings) && isRecord(doc.settings.member) && typeof doc.settings.member.show_online_status === 'string') {
    return doc.settings.member.show_online_status;
  }
  return null;
};
