import { bookingWindow, roomIntervals, roomOccupiedBy, type AppointmentFields, type RoomBookingSource } from '@cn/contracts';
import { DomainError } from '@cn/domain';
import type { AppointmentState } from '../appointments/appointment-state';
import { scheduleOfFields, type BookableRoom } from './room-bookings.projection';

export const ROOM_FIELD = 'appointment.meeting.room_id';

export interface Booking {
  appointment_id: string;
  /** an occurrence of a series being changed on its own; null: the appointment or the whole series */
  occurrence_start: string | null;
  fields: AppointmentFields;
  /** the appointment before the change */
  state: AppointmentState;
}

/** The room the appointment (or the occurrence) books before the change. */
export const currentFieldsOf = (state: AppointmentState, occurrenceStart: string | null): AppointmentFields | null =>
  (occurrenceStart === null ? null : state.occurrences[occurrenceStart]?.fields) ?? state.fields;

/** The booking as a source of room spans: an occurrence on its own, or the series with its exceptions. */
export const bookingSourceOf = (booking: Booking): RoomBookingSource => {
  const { fields } = booking;
  if (booking.occurrence_start !== null) {
    return {
      appointment_id: booking.appointment_id,
      canceled: false,
      room_id: fields.meeting.room_id,
      schedule: { ...scheduleOfFields(fields), recurrence_pattern: null },
      occurrences: [],
    };
  }
  return {
    appointment_id: booking.appointment_id,
    canceled: false,
    room_id: fields.meeting.room_id,
    schedule: scheduleOfFields(fields),
    occurrences: Object.entries(booking.state.occurrences).map(([start, occurrence]) => ({
      occurrence_start: start,
      canceled: occurrence.canceled,
      deleted: occurrence.deleted,
      modified: occurrence.fields
        ? { room_id: occurrence.fields.meeting.room_id, start: occurrence.fields.date.start, end: occurrence.fields.date.end }
        : null,
    })),
  };
};

/**
 * A booked room must exist (the room an appointment already had may stay) and be free: no other
 * appointment occurrence that is neither canceled nor deleted may use it at an overlapping time. A
 * series is checked occurrence by occurrence up to its end or ROOM_BOOKING_HORIZON_DAYS.
 */
export const requireBookableRoom = (booking: Booking, room: BookableRoom | null, others: readonly RoomBookingSource[]): void => {
  const roomId = booking.fields.meeting.room_id;
  if (roomId === null) return;
  if (!room && currentFieldsOf(booking.state, booking.occurrence_start)?.meeting.room_id !== roomId) {
    throw new DomainError('unknown_room', 'invalid', ROOM_FIELD);
  }
  const source = bookingSourceOf(booking);
  const window = bookingWindow(source.schedule);
  const spans = roomIntervals(source, roomId, window);
  if (roomOccupiedBy(spans, others, roomId, window, booking.appointment_id)) throw new DomainError('room_occupied', 'conflict', ROOM_FIELD);
};
