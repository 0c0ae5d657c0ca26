import type { MeetingRoomDto } from '@cn/contracts';

/** What the room picker shows (spec §5, §8: rooms load only when an end is set; loading, none free, generic error). */
export type RoomPickerState =
  | { kind: 'no_end' }
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'none_free'; rooms: MeetingRoomDto[] }
  | { kind: 'ready'; rooms: MeetingRoomDto[] };

export type RoomsLoad = { phase: 'idle' } | { phase: 'loading' } | { phase: 'failed' } | { phase: 'loaded'; rooms: MeetingRoomDto[] };

/** The span the rooms are asked for, or null while the form has no usable end. */
export const roomSpanOf = (start: string | null, end: string | null): { start: string; end: string } | null => {
  if (!start || !end || Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end))) return null;
  if (Date.parse(end) < Date.parse(start)) return null;
  return { start, end };
};

/** The room already chosen stays choosable (it is the appointment's own booking). */
export const roomPickerState = (span: { start: string; end: string } | null, load: RoomsLoad, chosen: string | null): RoomPickerState => {
  if (span === null) return { kind: 'no_end' };
  if (load.phase === 'failed') return { kind: 'error' };
  if (load.phase !== 'loaded') return { kind: 'loading' };
  const free = load.rooms.some((room) => !room.occupied || room.id === chosen);
  return free ? { kind: 'ready', rooms: load.rooms } : { kind: 'none_free', rooms: load.rooms };
};
