import { appointmentStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { notificationFeedsProjection, notificationReadsProjection } from './notifications.projection';

const by = (memberId: string | null) => ({ streamId: appointmentStream('a1'), memberId });
const invited = recorded(
  'ParticipantsInvited',
  { appointment_id: 'a1', occurrence_start: null, participants: [{ member_id: 'bob', status: 'invited' }, { member_id: 'cat', status: 'invited' }, { member_id: 'ada', status: 'accepted' }], group_ids: [], membership_role_ids: [], send_email_notification: false, invited_by: 'ada' },
  by('ada'),
);
const catLeft = recorded('ParticipantRemoved', { appointment_id: 'a1', occurrence_start: null, member_id: 'cat', removed_by: 'cat' }, by('cat'));
const bobAnswered = recorded('ParticipantStatusChanged', { appointment_id: 'a1', occurrence_start: null, member_id: 'bob', status: 'accepted', previous_status: 'invited', changed_by: 'bob', via: 'invite' }, by('bob'));
const promoted = recorded('WaitlistPromoted', { appointment_id: 'a1', member_id: 'dan', freed_by: 'cat', promoted_at: '2026-01-01T00:00:00.000Z' }, by('cat'));
const canceled = recorded('AppointmentCanceled', { appointment_id: 'a1', occurrence_start: null }, by('ada'));
const events = [invited, catLeft, bobAnswered, promoted, canceled];

describe('notifications of an appointment', () => {
  it('tells those invited (not the inviter), the participants of a cancellation (not the canceler, not who left), and the promoted member as the system\'s doing', () => {
    const doc = project(notificationFeedsProjection, events, 'a1');
    expect(doc?.entries.map((entry) => [entry.kind, entry.actor_id, entry.targets])).toEqual([
      ['appointment_invited', 'ada', ['bob', 'cat']],
      ['waitlist_promoted', null, ['dan']],
      ['appointment_canceled', 'ada', ['bob', 'dan']],
    ]);
    expect(doc?.member_ids.sort()).toEqual(['bob', 'cat', 'dan']);
  });

  it('adds each entry once, applied twice by the runner or by evolve itself', () => {
    const once = project(notificationFeedsProjection, events, 'a1');
    expect(project(notificationFeedsProjection, [...events, ...events], 'a1')).toEqual(once);
    expect(projectEachTwice(notificationFeedsProjection, events, 'a1')).toEqual(once);
  });

  it('keeps how far a member has read, only forward', () => {
    const read = (upTo: number) => recorded('NotificationsRead', { member_id: 'bob', up_to: upTo }, { memberId: 'bob' });
    const reads = [read(10), read(4)];
    expect(project(notificationReadsProjection, reads, 'bob')).toMatchObject({ up_to: 10 });
    expect(projectEachTwice(notificationReadsProjection, reads, 'bob')).toMatchObject({ up_to: 10 });
  });
});
