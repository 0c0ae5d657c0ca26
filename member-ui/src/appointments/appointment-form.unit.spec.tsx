/** @jest-environment jsdom */
import { appointmentRequestOf, newAppointmentForm, normalizeTimeInput, serverFieldErrors, validateAppointmentForm } from './appointment-form';
import { instantOf, wallOf } from './zoned-time';

describe('time inputs are normalised to HH:mm on blur (§5)', () => {
  it.each([
    ['9:5', '09:05'],
    ['25:30', '00:30'],
    ['23:75', '23:00'],
    ['7', '07:00'],
    ['ab:cd', '00:00'],
    ['', '00:00'],
    [' 14:45 ', '14:45'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeTimeInput(input)).toBe(expected);
  });
});

describe('a new appointment', () => {
  it('starts at the next full hour and lasts one hour', () => {
    const form = newAppointmentForm(new Date('2026-03-10T08:20:00Z'), 'UTC');
    expect(form).toMatchObject({ start_date: '2026-03-10', start_time: '09:00', end_date: '2026-03-10', end_time: '10:00', time_zone: 'UTC' });
    expect(form.application_configuration.currency).toBe('EUR');
  });

  it('takes the double-clicked day and the group calendar', () => {
    const form = newAppointmentForm(new Date('2026-03-10T22:20:00Z'), 'UTC', { day: '2026-04-02', calendarId: 'cal-9' });
    expect(form).toMatchObject({ start_date: '2026-04-02', start_time: '23:00', end_date: '2026-04-03', end_time: '00:00', calendar_ids: ['cal-9'] });
  });

  it('converts the wall clock of the chosen zone to UTC (summer time in Berlin)', () => {
    expect(instantOf('2026-07-01', '10:00', 'Europe/Berlin')).toBe('2026-07-01T08:00:00.000Z');
    expect(instantOf('2026-01-15', '10:00', 'Europe/Berlin')).toBe('2026-01-15T09:00:00.000Z');
    expect(wallOf('2026-07-01T08:00:00.000Z', 'Europe/Berlin')).toEqual({ date: '2026-07-01', time: '10:00' });
  });
});

describe('client-side validation with the server keys (§5)', () => {
  const valid = { ...newAppointmentForm(new Date('2026-03-10T08:20:00Z'), 'UTC'), name: 'Board', calendar_ids: ['c1'] };

  it('accepts a complete form', () => {
    expect(validateAppointmentForm(valid)).toEqual({});
  });

  it('requires a name and a calendar', () => {
    expect(validateAppointmentForm({ ...valid, name: '  ', calendar_ids: [] })).toEqual({ name: 'required', calendar_ids: 'selection_required' });
  });

  it('refuses an end before the start on the date field', () => {
    expect(validateAppointmentForm({ ...valid, end_time: '08:00' })).toEqual({ date: 'end_lt_start' });
  });

  it('checks interval ≥ 1, totals and costs ≥ 0 and the zip length', () => {
    const errors = validateAppointmentForm({
      ...valid,
      recurrence_pattern: { recurrence_frequency: 'custom', recurrence_interval: 0, recurrence_end_time: null },
      attendee_configuration: { ...valid.attendee_configuration, total: '-1' },
      application_configuration: { ...valid.application_configuration, costs: '-5' },
      location: { ...valid.location, zip: '12345678901' },
    });
    expect(errors).toEqual({
      'recurrence_pattern.recurrence_interval': 'too_small',
      'attendee_configuration.total': 'too_small',
      'application_configuration.costs': 'too_small',
      'location.zip': 'too_long',
    });
  });

  it('builds the request body with numbers, nulls and the default currency', () => {
    const body = appointmentRequestOf({ ...valid, attendee_configuration: { ...valid.attendee_configuration, total: '12' }, application_configuration: { ...valid.application_configuration, currency: ' ' } });
    expect(body.appointment).toMatchObject({
      name: 'Board',
      date: { start: '2026-03-10T09:00:00.000Z', end: '2026-03-10T10:00:00.000Z', all_day: false, time_zone: 'UTC' },
      attendee_configuration: { total: 12 },
      application_configuration: { costs: null, currency: 'EUR', registration_deadline: null },
      recurrence_pattern: { recurrence_frequency: 'never', recurrence_end_time: null },
      category: null,
    });
  });

  it('places server field errors under the form fields', () => {
    expect(
      serverFieldErrors({
        statusCode: 400,
        error: 'validation_failed',
        errors: [
          { field: 'appointment.date', key: 'end_lt_start' },
          { field: 'appointment.calendar_ids', key: 'selection_required' },
          { field: 'appointment.location.zip', key: 'too_long' },
        ],
      }),
    ).toEqual({ date: 'end_lt_start', calendar_ids: 'selection_required', 'location.zip': 'too_long' });
  });
});
