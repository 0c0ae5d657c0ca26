import type { GroupDocument } from '../groups/groups.projection';
import { groupViewerIn } from './activity-visibility';

const group = (overrides: Partial<GroupDocument> = {}): GroupDocument => ({
  _id: 'g1',
  _position: 1,
  slug: 'g1',
  name: 'G1',
  access: 'open',
  group_category_id: null,
  member_ids: ['ada', 'max'],
  admin_ids: ['ada'],
  teaser: '',
  description: '',
  moderated_join: false,
  members_can_invite: false,
  externally_visible: false,
  sensitive: false,
  active_main_group: false,
  chat: 'disabled',
  archived: false,
  requests: { rita: { status: 'pending', rejection_message: '', requested_at: '' }, rolf: { status: 'rejected', rejection_message: '', requested_at: '' } },
  invites: [
    { invite_id: 'i1', member_id: 'ines', author_id: 'ada', status: 'open', additional_message: '', created_at: '' },
    { invite_id: 'i2', member_id: 'dora', author_id: 'ada', status: 'declined', additional_message: '', created_at: '' },
  ],
  subscriber_ids: [],
  favorite_ids: [],
  created_at: '',
  ...overrides,
});
const viewer = (member_id: string) => ({ member_id, network_admin: false, external: false });

describe('groupViewerIn', () => {
  it('tells each viewer their membership and admin rights in the group', () => {
    const doc = group();
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
    const before = group();
    expect(groupViewerIn(before, viewer('otto')).status).toBe('no_member');
    const after = group({ member_ids: [...before.member_ids, 'otto'], admin_ids: [...before.admin_ids, 'otto'] });
    expect(groupViewerIn(after, viewer('otto'))).toMatchObject({ status: 'member', group_admin: true });
    expect(groupViewerIn(before, viewer('otto')).status).toBe('no_member');
  });
});
