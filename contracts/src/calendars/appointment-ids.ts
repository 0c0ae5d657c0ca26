/**
 * Ids the consoles put in URLs besides plain appointment ids.
 * - `r-<appointmentId>-<yyyymmddThhmmssZ>` names one occurrence of a recurring series (by its original
 *   start in UTC); writing to it changes that occurrence only.
 * - `<appointmentId>.<memberId>` names a member's invite to an appointment (ids hold no dots).
 */
export const OCCURRENCE_ID_PREFIX = 'r-';

const compactUtc = (iso: string): string => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

const fromCompactUtc = (compact: string): string | null => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(compact);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.000Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

export const occurrenceId = (appointmentId: string, occurrenceStart: string): string =>
  `${OCCURRENCE_ID_PREFIX}${appointmentId}-${compactUtc(occurrenceStart)}`;

export const isOccurrenceId = (id: string): boolean => parseOccurrenceId(id) !== null;

/** `{ appointmentId, occurrenceStart (ISO, UTC) }` of an occurrence id, null for anything else. */
export const parseOccurrenceId = (id: string): { appointmentId: string; occurrenceStart: string } | null => {
  if (!id.startsWith(OCCURRENCE_ID_PREFIX)) return null;
  const rest = id.slice(OCCURRENCE_ID_PREFIX.length);
  const cut = rest.lastIndexOf('-');
  if (cut <= 0) return null;
  const occurrenceStart = fromCompactUtc(rest.slice(cut + 1));
  return occurrenceStart ? { appointmentId: rest.slice(0, cut), occurrenceStart } : null;
};

/** An appointment id or occurrence id split into the series and, for an occurrence, its start. */
export const appointmentTarget = (id: string): { appointmentId: string; occurrenceStart: string | null } => {
  const occurrence = parseOccurrenceId(id);
  return occurrence ?? { appointmentId: id, occurrenceStart: null };
};

export const inviteId = (appointmentId: string, memberId: string): string => `${appointmentId}.${memberId}`;

export const parseInviteId = (id: string): { appointmentId: string; memberId: string } | null => {
  const parts = id.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return { appointmentId: parts[0], memberId: parts[1] };
};
