import { appointmentFieldsSchema, type AppointmentFieldsInput, type RoomBookingSource } from '@cn/contracts';
import { DomainError } from '@cn/domain';
import { initialAppointmentState } from '../appointments/appointment-state';
import { requireBookableRoom, type Booking } from './booking-rules';

const fields = (input: Partial<AppointmentFieldsInput> = {}) =>
  appointmentFieldsSchema.parse({
    name: 'Meeting',
    calendar_ids: ['c'],
    date: { start: '2030-01-07T09:00:00Z', end: '2030-01-07T10:00:00Z' },
    meeting: { room_id: 'saal' },
    ...input,
  });
const booking = (input: Partial<AppointmentFieldsInput> = {}, overrides: Partial<Booking> = {}): Booking => ({
  appointment_id: 'new',
  occurrence_start: null,
  fields: fields(input),
  state: initialAppointmentState(),
  ...overrides,
});
const saal = { _id: 'saal', _position: 1, name: 'Saal', capacity: 120 };
const other = (start: string, end: string, recurring = false): RoomBookingSource => ({
  appointment_id: 'other',
  canceled: false,
  room_id: 'saal',
  schedule: {
    start,
    end,
    time_zone: 'Europe/Berlin',
    recurrence_pattern: recurring ? { recurrence_frequency: 'weekly', recurrence_interval: 1, recurrence_end_time: null } : null,
  },
  occurrences: [],
});
const refusal = (run: () => unknown): { key: string; kind: string; field?: string } | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return { key: error.key, kind: error.kind, field: error.field };
    throw error;
  }
};

describe('room booking rules', () => {
  it('books a free room, and no room at all', () => {
    expect(refusal(() => requireBookableRoom(booking(), saal, [other('2030-01-07T10:00:00Z', '2030-01-07T11:00:00Z')]))).toBeNull();
    expect(refusal(() => requireBookableRoom(booking({ meeting: { room_id: null } }), null, []))).toBeNull();
  });

  it('refuses an overlapping booking with 409 room_occupied on the room field', () => {
    expect(refusal(() => requireBookableRoom(booking(), saal, [other('2030-01-07T09:30:00Z', '2030-01-07T10:30:00Z')]))).toEqual({
      key: 'room_occupied',
      kind: 'conflict',
      field: 'appointment.meeting.room_id',
    });
  });

  it('a weekly series weeks ahead occupies the room; so does a new weekly series meeting an appointment later on', () => {
    const series = other('2030-01-07T09:00:00Z', '2030-01-07T10:00:00Z', true);
    expect(refusal(() => requireBookableRoom(booking({ date: { start: '2030-03-04T09:15:00Z', end: '2030-03-04T09:45:00Z' } }), saal, [series]))?.key).toBe('room_occupied');
    const later = other('2030-02-11T09:30:00Z', '2030-02-11T10:30:00Z');
    expect(refusal(() => requireBookableRoom(booking({ recurrence_pattern: { recurrence_frequency: 'weekly' } }), saal, [later]))?.key).toBe('room_occupied');
  });

  it('never conflicts with itself; refuses an unknown room with 400', () => {
    expect(refusal(() => requireBookableRoom(booking({}, { appointment_id: 'other' }), saal, [other('2030-01-07T09:00:00Z', '2030-01-07T10:00:00Z')]))).toBeNull();
    expect(refusal(() => requireBookableRoom(booking(), null, []))).toEqual({ key: 'unknown_room', kind: 'invalid', field: 'appointment.meeting.room_id' });
  });
});
