import { type AppointmentCan, type CalendarCan, type CalendarsResponse } from '@cn/contracts';
import { httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;
type Kind = 'network' | 'group' | 'personal' | 'shared';
interface Fixture {
  calendarId: string;
  appointmentId: string;
}

/**
 * One source of truth for the calendar module's permissions: for every role (network admin, group admin,
 * external guest, auditor) and every kind of calendar (network, group, personal, shared), each `can` flag
 * the read side answers is what the write side does: an action whose flag is true is accepted, one whose
 * flag is false is refused. The flags are read again before each action, on fresh calendars per role.
 */
describe('calendar and appointment flags agree with the answers, for every role and calendar kind', () => {
  const demo = useDemoServer('calendar-abilities');
  const clients: Record<string, Client> = demo.clients;

  const { call, must } = httpCaller(() => demo.server);

  const appointmentBody = (calendarId: string) => {
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 3, 9));
    return {
      appointment: {
        name: 'Matrix',
        calendar_ids: [calendarId],
        date: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false, time_zone: 'Europe/Berlin' },
      },
    };
  };

  /** fresh calendars of each kind, one appointment in each (by the calendar's owner), the member invited */
  const fixtures = async (): Promise<Record<Kind, Fixture>> => {
    const { admin, member } = clients;
    const groups = (await call(member, 'get', '/calendars')).body as CalendarsResponse;
    const parentId = groups.calendars.find((calendar) => calendar.type === 'group')?.parent_id;
    if (!parentId) throw new Error('the demo group calendar is missing');
    const create = async (owner: Client, body: object): Promise<Fixture> => {
      const calendarId = String((await must(owner, 'post', '/calendars', body)).id);
      const appointmentId = String((await must(owner, 'post', '/appointments', appointmentBody(calendarId))).id);
      await must(owner, 'post', `/appointments/${appointmentId}/participants`, { participant: { membership_ids: [clients.guest.id], status: 'invited' }, apply_to: 'all' });
      return { calendarId, appointmentId };
    };
    const network = await create(admin, { type: 'network', calendar: { name: 'Net', color: '00796b' } });
    const group = await create(member, { type: 'group', parent_id: parentId, calendar: { name: 'Grp', color: '00796b' } });
    const personal = await create(member, { type: 'personal', calendar: { name: 'Own', color: '00796b' } });
    const shared = await create(admin, { type: 'personal', calendar: { name: 'Shared', color: '00796b' } });
    await must(admin, 'post', `/calendars/${shared.calendarId}/share`, { membership_ids: [clients.guest.id, clients.member.id, clients.auditor.id] });
    return { network, group, personal, shared };
  };

  const calendarFlags = async (client: Client, calendarId: string): Promise<CalendarCan> => {
    const res = await call(client, 'get', `/calendars/${calendarId}`);
    if (res.status === 404 || res.status === 403) return { update: false, destroy: false, create_appointments: false };
    expect(res.status).toBe(200);
    return (res.body as { can: CalendarCan }).can;
  };
  const appointmentFlags = async (client: Client, appointmentId: string): Promise<AppointmentCan | null> => {
    const res = await call(client, 'get', `/appointments/${appointmentId}`);
    if (res.status === 404 || res.status === 403) return null;
    expect(res.status).toBe(200);
    return (res.body as { can: AppointmentCan }).can;
  };

  /** one comparison: the flag as read just before, and whether the demo.server accepted the action */
  interface Outcome {
    kind: Kind;
    action: string;
    flag: boolean;
    status: number;
  }

  const walk = async (role: string): Promise<Outcome[]> => {
    const client = clients[role];
    const outcomes: Outcome[] = [];
    const all = await fixtures();
    for (const kind of ['network', 'group', 'personal', 'shared'] as const) {
      const { calendarId, appointmentId } = all[kind];
      const record = (action: string, flag: boolean, status: number) => outcomes.push({ kind, action, flag, status });
      const onAppointment = async (action: keyof AppointmentCan, act: () => Promise<{ status: number }>) => {
        const can = await appointmentFlags(client, appointmentId);
        record(`appointment.${action}`, can?.[action] ?? false, (await act()).status);
      };
      const onCalendar = async (action: keyof CalendarCan, act: () => Promise<{ status: number }>) => {
        const can = await calendarFlags(client, calendarId);
        record(`calendar.${action}`, can[action], (await act()).status);
      };

      await onCalendar('create_appointments', () => call(client, 'post', '/appointments', appointmentBody(calendarId)));
      await onCalendar('update', () => call(client, 'put', `/calendars/${calendarId}`, { calendar: { name: 'Renamed', color: '00796b' } }));
      await onAppointment('update', () => call(client, 'put', `/appointments/${appointmentId}`, appointmentBody(calendarId)));
      await onAppointment('update_participants', () =>
        call(client, 'post', `/appointments/${appointmentId}/participants`, { participant: { membership_ids: [clients.auditor.id], status: 'invited' }, apply_to: 'all' }),
      );
      await onAppointment('contact', () => call(client, 'post', `/appointments/${appointmentId}/contact`, { contact: { subject: 'Hello', text: 'See you there' } }));
      await onAppointment('download_attendees', () => call(client, 'get', `/appointments/${appointmentId}/attendees.csv`));
      await onAppointment('opt', () => call(client, 'put', `/appointments/${appointmentId}/participants/me`, { participant: { status: 'accepted' }, apply_to: 'all' }));
      await onAppointment('lock', () => call(client, 'patch', `/appointments/${appointmentId}`, { appointment: { attendee_configuration: { participation_locked: true } } }));
      await onAppointment('cancel', () => call(client, 'post', `/appointments/${appointmentId}/cancel`, {}));
      await onAppointment('destroy', () => call(client, 'delete', `/appointments/${appointmentId}`));
      await onCalendar('destroy', () => call(client, 'delete', `/calendars/${calendarId}`));
    }
    return outcomes;
  };

  /** the outcomes where flag and answer disagree: a refused action whose flag was true, or the reverse */
  const disagreements = (outcomes: Outcome[]) =>
    outcomes.filter(({ flag, status }) => (flag ? status >= 300 : status < 300 || (status !== 403 && status !== 404))).map((o) => `${o.kind} ${o.action}: can=${o.flag}, answered ${o.status}`);

  const walked: Outcome[] = [];
  for (const role of ['admin', 'member', 'guest', 'auditor']) {
    it(`${role}: every flag is what the demo.server does`, async () => {
      const outcomes = await walk(role);
      walked.push(...outcomes);
      expect(outcomes.length).toBe(4 * 11);
      expect(disagreements(outcomes)).toEqual([]);
    });
  }

  it('walked both answers of every action: each is allowed to someone and refused to someone', () => {
    const actions = [...new Set(walked.map((o) => o.action))];
    expect(actions.length).toBe(11);
    for (const action of actions) {
      const of = walked.filter((o) => o.action === action);
      expect([action, of.some((o) => o.flag), of.some((o) => !o.flag)]).toEqual([action, true, true]);
    }
  });
});
