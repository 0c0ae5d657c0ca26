import { appointmentFieldsSchema, appointmentStream } from '@cn/contracts';
import { project, recorded } from '../__tests__/events';
import { appointmentsProjection } from '../appointments/appointments.projection';
import { inTab } from './invites.read';
import { inviteStatusOf, invitesOfMember } from './invite-dto';

const on = { streamId: appointmentStream('a1'), memberId: 'alice' };
const created = recorded(
  'AppointmentCreated',
  {
    appointment_id: 'a1',
    author_id: 'alice',
    appointment: appointmentFieldsSchema.parse({
      name: 'Concert',
      calendar_ids: ['c1'],
      date: { start: '2026-06-01T18:00:00.000Z', end: '2026-06-01T20:00:00.000Z' },
    }),
  },
  on,
);
const invite = (member: string, status: string, occurrence: string | null = null) =>
  recorded('ParticipantsInvited', { appointment_id: 'a1', occurrence_start: occurrence, participants: [{ member_id: member, status }], group_ids: [], membership_role_ids: [], send_email_notification: false, invited_by: 'alice' }, on);
const before = new Date('2026-05-01T00:00:00Z');
const after = new Date('2026-07-01T00:00:00Z');

describe('invite status and tabs', () => {
  const doc = project(appointmentsProjection, [created, invite('bob', 'invited'), invite('carol', 'accepted'), invite('dan', 'rejected')], 'a1');
  if (!doc) throw new Error('appointment expected');
  const of = (member: string) => {
    const [source] = invitesOfMember(doc, member, before);
    if (!source) throw new Error('invite expected');
    return source;
  };

  it('is open until the appointment is over, then expired', () => {
    expect(inviteStatusOf(of('bob'), before)).toBe('open');
    expect(inviteStatusOf(of('bob'), after)).toBe('expired');
  });

  it('puts accepted invites under upcoming only while ahead, declined and rejected under declined', () => {
    expect(inTab(of('carol'), 'upcoming', before)).toBe(true);
    expect(inTab(of('carol'), 'upcoming', after)).toBe(false);
    expect(inTab(of('carol'), 'accepted', after)).toBe(true);
    expect(inviteStatusOf(of('dan'), before)).toBe('declined');
  });

  it('makes invites obsolete when the appointment is canceled or the member removed', () => {
    const canceled = project(appointmentsProjection, [recorded('AppointmentCanceled', { appointment_id: 'a1', occurrence_start: null }, on)], 'a1', doc);
    const removed = project(appointmentsProjection, [recorded('ParticipantRemoved', { appointment_id: 'a1', occurrence_start: null, member_id: 'bob', removed_by: 'alice' }, on)], 'a1', doc);
    expect(canceled && inviteStatusOf(invitesOfMember(canceled, 'carol', before)[0] ?? of('carol'), before)).toBe('obsolete');
    expect(removed && inviteStatusOf(invitesOfMember(removed, 'bob', before)[0] ?? of('bob'), before)).toBe('obsolete');
  });
});
