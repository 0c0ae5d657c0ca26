import { roomIntervals, type MeetingRoomDto, type RoomBookingSource } from '@cn/contracts';
import { type DocumentStore } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { documentsInRange } from '../appointments/appointments.read';
import { scheduleOf, type AppointmentDocument } from '../appointments/appointments.projection';
import { meetingRoomsProjection, type MeetingRoomDocument } from './meeting-rooms.projection';

export const meetingRoomsCollection = (store: DocumentStore) => store.collection<MeetingRoomDocument>(collectionName(meetingRoomsProjection));

/** An appointment of the read model as far as room bookings go (the write side checks against the same shape). */
export const bookingSourceOf = (doc: AppointmentDocument): RoomBookingSource => ({
  appointment_id: doc._id,
  canceled: doc.canceled,
  room_id: doc.fields.meeting.room_id,
  schedule: scheduleOf(doc.fields),
  occurrences: doc.occurrences.map((o) => ({
    occurrence_start: o.occurrence_start,
    canceled: o.canceled,
    deleted: o.deleted,
    modified: o.fields ? { room_id: o.fields.meeting.room_id, start: o.fields.date.start, end: o.fields.date.end } : null,
  })),
});

export interface RoomsQuery {
  /** the span to check, ISO instants; null: no occupancy asked */
  span: { start: string; end: string } | null;
  room_id: string | null;
  /** the appointment being edited: its own bookings do not count */
  except_appointment_id: string | null;
}

/** Rooms by name, each marked occupied when another appointment occurrence books it in [start, end). */
export const meetingRoomsOf = async (store: DocumentStore, query: RoomsQuery): Promise<MeetingRoomDto[]> => {
  const rooms = (await meetingRoomsCollection(store).find({}))
    .filter((room) => query.room_id === null || room._id === query.room_id)
    .sort((a, b) => a.name.localeCompare(b.name));
  const span = query.span;
  if (span === null) return rooms.map((room) => ({ id: room._id, name: room.name, capacity: room.capacity, occupied: false }));
  const from = Date.parse(span.start);
  // a zero-length span still asks about its instant
  const to = Math.max(Date.parse(span.end), from + 1);
  const window = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  const sources = (await documentsInRange(store, from, to))
    .filter((doc) => doc._id !== query.except_appointment_id)
    .map(bookingSourceOf);
  return rooms.map((room) => ({
    id: room._id,
    name: room.name,
    capacity: room.capacity,
    occupied: sources.some((source) => roomIntervals(source, room._id, window).length > 0),
  }));
};
