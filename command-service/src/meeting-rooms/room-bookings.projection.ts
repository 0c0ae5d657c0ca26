import { appointmentEvents, eventOf, MeetingRoomCreated, type AppointmentFields, type RoomBookingSource } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** A room as the command side knows it. */
export type BookableRoom = ProjectedDocument & { name: string; capacity: number | null };

/** An appointment as far as room bookings go; `room_ids` lists every room the series or an occurrence uses. */
type RoomBookingFields = Omit<RoomBookingSource, 'occurrences'> & {
  _id: string;
  occurrences: Array<RoomBookingSource['occurrences'][number]>;
  room_ids: string[];
};
export type RoomBookingDocument = RoomBookingFields & ProjectedDocument;

export const bookableRoomsProjection: Projection<BookableRoom> = {
  name: 'command_meeting_rooms',
  version: 1,
  eventTypes: ['MeetingRoomCreated'],
  documentIds: (event) => [(event.data as { room_id: string }).room_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf([MeetingRoomCreated], recorded);
    switch (event?.type) {
      case 'MeetingRoomCreated':
        return { _id: id, name: event.data.name, capacity: event.data.capacity };
      default:
        return doc;
    }
  },
};

export const scheduleOfFields = (fields: AppointmentFields): RoomBookingSource['schedule'] => ({
  start: fields.date.start,
  end: fields.date.end,
  all_day: fields.date.all_day,
  time_zone: fields.date.time_zone,
  recurrence_pattern: fields.recurrence_pattern,
});

type Unpositioned = RoomBookingFields;

const withRoomIds = <D extends Unpositioned>(doc: D): D => ({
  ...doc,
  room_ids: [
    ...new Set([
      ...(doc.room_id === null ? [] : [doc.room_id]),
      ...doc.occurrences.flatMap((o) => (o.modified?.room_id ? [o.modified.room_id] : [])),
    ]),
  ],
});

type Occurrence = RoomBookingDocument['occurrences'][number];

const changeOccurrence = (doc: Unpositioned, start: string, change: (current: Occurrence) => Occurrence): Unpositioned => {
  const current = doc.occurrences.find((o) => o.occurrence_start === start) ?? { occurrence_start: start, canceled: false, deleted: false, modified: null };
  return withRoomIds({ ...doc, occurrences: [...doc.occurrences.filter((o) => o.occurrence_start !== start), change(current)] });
};

const APPOINTMENT_EVENTS = ['AppointmentCreated', 'AppointmentUpdated', 'AppointmentOccurrenceModified', 'AppointmentCanceled', 'AppointmentDeleted'];

/** Which appointments book which rooms when: what a booking is checked against on the write side. */
export const roomBookingsProjection: Projection<RoomBookingDocument> = {
  name: 'command_room_bookings',
  version: 1,
  eventTypes: APPOINTMENT_EVENTS,
  documentIds: (event) => [(event.data as { appointment_id: string }).appointment_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(appointmentEvents, recorded);
    switch (event?.type) {
      case 'AppointmentCreated':
        return withRoomIds({
          _id: id,
          appointment_id: id,
          canceled: false,
          room_id: event.data.appointment.meeting.room_id,
          schedule: scheduleOfFields(event.data.appointment),
          occurrences: [],
          room_ids: [],
        });
      case 'AppointmentUpdated':
        return doc ? withRoomIds({ ...doc, room_id: event.data.appointment.meeting.room_id, schedule: scheduleOfFields(event.data.appointment) }) : null;
      case 'AppointmentOccurrenceModified': {
        const { appointment } = event.data;
        return doc
          ? changeOccurrence(doc, event.data.occurrence_start, (o) => ({
              ...o,
              modified: { room_id: appointment.meeting.room_id, start: appointment.date.start, end: appointment.date.end },
            }))
          : null;
      }
      case 'AppointmentCanceled':
        if (!doc) return null;
        return event.data.occurrence_start === null ? { ...doc, canceled: true } : changeOccurrence(doc, event.data.occurrence_start, (o) => ({ ...o, canceled: true }));
      case 'AppointmentDeleted':
        if (!doc) return null;
        return event.data.occurrence_start === null ? null : changeOccurrence(doc, event.data.occurrence_start, (o) => ({ ...o, deleted: true }));
      default:
        return doc;
    }
  },
};
