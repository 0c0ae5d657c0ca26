import { groupStream } from '@cn/contracts';
import type { RecordedEvent } from '@cn/domain';
import { recorded } from '../__tests__/events';
import { groupsProjection, type GroupDocument } from '../groups/groups.projection';
import { groupViewerIn } from './activity-visibility';

const on = (type: string, data: Record<string, unknown>) => recorded(type, { group_id: 'g1', ...data }, { streamId: groupStream('g1') });
/** the group's read model after the history, as the runner projects it */
const projected = (events: readonly RecordedEvent[]): GroupDocument => {
  let doc: GroupDocument | null = null;
  for (const event of events) {
    const next = groupsProjection.evolve(doc, event, 'g1');
    doc = next && ({ ...next, _id: 'g1', _position: event.position } as GroupDocument);
  }
  if (!doc) throw new Error('no group');
  return doc;
};
const history = [
  on('GroupCreated', { slug: 'g1', name: 'G1', group_category_id: null, access: 'open' }),
  on('MemberJoinedGroup', { member_id: 'ada', admin: true }),
  on('MemberJoinedGroup', { member_id: 'max', admin: false }),
  on('GroupJoinRequested', { member_id: 'rita' }),
  on('GroupJoinRequested', { member_id: 'rolf' }),
  on('GroupJoinRequestRejected', { member_id: 'rolf', rejection_message: '' }),
  on('MemberInvitedToGroup', { invite_id: 'i1', member_id: 'ines', author_id: 'ada', additional_message: '', invited_at: '2026-01-01T00:00:00Z' }),
  on('MemberInvitedToGroup', { invite_id: 'i2', member_id: 'dora', author_id: 'ada', additional_message: '', invited_at: '2026-01-01T00:00:00Z' }),
  on('GroupInviteDeclined', { invite_id: 'i2', member_id: 'dora' }),
];
const viewer = (member_id: string) => ({ member_id, network_admin: false, external: false });

describe('groupViewerIn', () => {
  it('tells each viewer their membership and admin rights in the group', () => {
    const doc = projected(history);
    const statuses = Object.fromEntries(['ada', 'max', 'ines', 'dora', 'rita', 'rolf', 'otto'].map((id) => [id, groupViewerIn(doc, viewer(id))]));
    expect(Object.fromEntries(Object.entries(statuses).map(([id, found]) => [id, [found.status, found.group_admin]]))).toEqual({
      ada: ['member', true],
      max: ['member', false],
      ines: ['invited', false],
      dora: ['no_member', false],
      rita: ['in_moderation', false],
      rolf: ['rejected', false],
      otto: ['no_member', false],
    });
    expect(statuses.max).toMatchObject(viewer('max'));
  });

  it('answers from each document as it is: a newer document of the group (a member joined) is read anew', () => {
    const before = projected(history);
    expect(groupViewerIn(before, viewer('otto')).status).toBe('no_member');
    const after = projected([...history, on('MemberJoinedGroup', { member_id: 'otto', admin: true })]);
    expect(groupViewerIn(after, viewer('otto'))).toMatchObject({ status: 'member', group_admin: true });
    expect(groupViewerIn(before, viewer('otto')).status).toBe('no_member');
  });
});
