import { randomUUID } from 'node:crypto';
import { appointmentFieldsSchema, appointmentStream, eventRegistry, occurrenceId, type AppointmentFieldsInput } from '@cn/contracts';
import type { SearchCollection, SearchDocument, SearchQuery } from '@cn/platform';
import type { RecordedEvent } from '@cn/domain';
import {
  appointmentsIndexing,
  toAppointmentHit,
  type AppointmentSearchDocument,
  type CalendarSearchDocument,
} from './appointments-index';

let position = 0;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { memberId: 'alice', occurredAt: new Date(0).toISOString(), correlationId: 'c', causationId: 'r', schemaVersion: eventRegistry.get(type)?.version ?? 1 },
  streamId: appointmentStream(String(data.appointment_id ?? data.calendar_id)),
  revision: 0,
  position: ++position,
  recordedAt: new Date(0).toISOString(),
});

/** equality filters (array fields match any element), limit and offset: what the indexing code uses */
const memoryCollection = <T extends SearchDocument>() => {
  const docs = new Map<string, T>();
  const collection: SearchCollection<T> = {
    upsert: (items) => Promise.resolve(items.forEach((doc) => docs.set(doc.id, doc))),
    delete: (ids) => Promise.resolve(ids.forEach((id) => docs.delete(id))),
    merge: () => Promise.reject(new Error('this indexing writes whole documents only')),
    clear: () => Promise.resolve(docs.clear()),
    get: (id) => Promise.resolve(docs.get(id) ?? null),
    search: (query: SearchQuery) => {
      const hits = [...docs.values()].filter((doc) =>
        Object.entries(query.filter ?? {}).every(([field, wanted]) => {
          const value = doc[field];
          return Array.isArray(value) ? value.includes(wanted) : value === wanted;
        }),
      );
      const offset = query.offset ?? 0;
      return Promise.resolve({ hits: hits.slice(offset, offset + (query.limit ?? 20)), total: hits.length });
    },
  };
  return { docs, collection };
};

const fields = (input: Partial<AppointmentFieldsInput> = {}) =>
  appointmentFieldsSchema.parse({
    name: 'Rehearsal',
    description: 'Bring <sheet music>',
    calendar_ids: ['c1'],
    date: { start: '2026-03-02T17:00:00.000Z', end: '2026-03-02T19:00:00.000Z' },
    recurrence_pattern: { recurrence_frequency: 'weekly' },
    ...input,
  });

describe('appointments search indexing', () => {
  const setup = async (events: RecordedEvent[]) => {
    const appointments = memoryCollection<AppointmentSearchDocument>();
    const calendars = memoryCollection<CalendarSearchDocument>();
    const indexing = appointmentsIndexing(appointments.collection, calendars.collection);
    for (const event of events) if (indexing.eventTypes.includes(event.type)) await indexing.handle(event);
    return { appointments: appointments.docs, calendars: calendars.docs };
  };
  const calendar = recorded('CalendarCreated', { calendar_id: 'c1', name: 'Choir', color: '388e3c', type: 'network', parent_id: null, author_id: 'admin' });
  const created = recorded('AppointmentCreated', { appointment_id: 'a1', author_id: 'alice', appointment: fields() });
  const start = '2026-03-09T17:00:00.000Z';
  const modified = recorded('AppointmentOccurrenceModified', {
    appointment_id: 'a1',
    occurrence_id: occurrenceId('a1', start),
    occurrence_start: start,
    appointment: fields({ name: 'Dress rehearsal' }),
    changed_fields: ['name'],
  });

  it('indexes name, description, calendars, type and date of series and modified occurrences', async () => {
    const { appointments, calendars } = await setup([calendar, created, modified]);
    expect(appointments.get('a1')).toMatchObject({
      name: 'Rehearsal',
      description: 'Bring <sheet music>',
      type: 'recurring_appointment',
      calendar_ids: ['c1'],
      calendar_names: ['Choir'],
      date_start: '2026-03-02T17:00:00.000Z',
      recurrence_frequency: 'weekly',
      author_id: 'alice',
    });
    const occurrence = appointments.get(occurrenceId('a1', start));
    expect(occurrence).toMatchObject({ appointment_id: 'a1', name: 'Dress rehearsal', type: 'modified_recurring_appointment' });
    if (!occurrence) throw new Error('occurrence expected');
    expect(toAppointmentHit(occurrence, new Map(calendars))).toMatchObject({
      html_url: `/appointments/${occurrenceId('a1', start)}`,
      html_description: 'Bring &lt;sheet music&gt;',
      calendars: [{ id: 'c1', name: 'Choir', color: '388e3c' }],
      type: 'modified_recurring_appointment',
    });
  });

  it('follows calendar renames, cancellation and deletion, and replaying changes nothing', async () => {
    const renamed = recorded('CalendarUpdated', { calendar_id: 'c1', name: 'Chorus', color: '388e3c', changed_fields: ['name'] });
    const canceled = recorded('AppointmentCanceled', { appointment_id: 'a1', occurrence_start: null });
    const events = [calendar, created, modified, renamed, canceled];
    const once = await setup(events);
    expect([...once.appointments.values()].map((doc) => [doc.id, doc.calendar_names, doc.canceled])).toEqual([
      ['a1', ['Chorus'], true],
      [occurrenceId('a1', start), ['Chorus'], true],
    ]);
    const twice = await setup([...events, ...events]);
    expect([...twice.appointments.entries()]).toEqual([...once.appointments.entries()]);
    const deleted = await setup([...events, recorded('AppointmentDeleted', { appointment_id: 'a1', occurrence_start: null })]);
    expect(deleted.appointments.size).toBe(0);
  });

  it('names who may find it: its calendars, its author and its participants (removed ones drop out)', async () => {
    const invited = recorded('ParticipantsInvited', {
      appointment_id: 'a1',
      occurrence_start: null,
      participants: [{ member_id: 'bob', status: 'invited' }],
      group_ids: [],
      membership_role_ids: [],
      send_email_notification: false,
      invited_by: 'alice',
    });
    const shared = recorded('CalendarShared', { calendar_id: 'c1', member_ids: ['cid'] });
    const { appointments, calendars } = await setup([calendar, created, modified, invited, shared]);
    expect(appointments.get('a1')?.audience).toEqual(['c:c1', 'm:alice', 'm:bob']);
    expect(appointments.get(occurrenceId('a1', start))?.audience).toEqual(['c:c1', 'm:alice', 'm:bob']);
    expect(calendars.get('c1')).toMatchObject({ type: 'network', parent_id: null, author_id: 'admin', shared_with: ['cid'] });
    const removed = await setup([calendar, created, invited, recorded('ParticipantRemoved', { appointment_id: 'a1', occurrence_start: null, member_id: 'bob', removed_by: 'alice' })]);
    expect(removed.appointments.get('a1')?.audience).toEqual(['c:c1', 'm:alice']);
  });
});
