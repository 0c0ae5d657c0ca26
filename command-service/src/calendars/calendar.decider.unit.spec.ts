import type { CalendarEvent, Viewer } from '@cn/contracts';
import { deciderSpecification, refusalOf } from '@cn/platform/testing';
import { calendarDecider, type CreateCalendar } from './calendar.decider';

const viewer = (memberId: string, overrides: Partial<Viewer> = {}): Viewer => ({
  member_id: memberId,
  network_admin: false,
  external: false,
  group_ids: [],
  admin_group_ids: [],
  ...overrides,
});
const spec = deciderSpecification(calendarDecider);

const create = (overrides: Partial<CreateCalendar> = {}): CreateCalendar => ({
  type: 'CreateCalendar',
  calendar_id: 'c1',
  calendar_type: 'personal',
  parent_id: null,
  name: 'Mine',
  color: '1976d2',
  share_with: [],
  viewer: viewer('owner'),
  parent_group_exists: false,
  ...overrides,
});
const personal: CalendarEvent = { type: 'CalendarCreated', data: { calendar_id: 'c1', name: 'Mine', color: '1976d2', type: 'personal', parent_id: null, author_id: 'owner' } };
const shared: CalendarEvent = { type: 'CalendarShared', data: { calendar_id: 'c1', member_ids: ['friend'] } };

describe('calendars', () => {
  it('creates a personal calendar for any member, shared with the given members', () => {
    expect(spec.decide([], create({ share_with: ['friend', 'owner'] }))).toEqual([personal, shared]);
  });

  it('creates network calendars for network admins only', () => {
    expect(refusalOf(() => spec.decide([], create({ calendar_type: 'network' })))).toMatchObject({ key: 'forbidden', kind: 'forbidden' });
    expect(spec.decide([], create({ calendar_type: 'network', viewer: viewer('admin', { network_admin: true }) }))).toHaveLength(1);
  });

  it('creates group calendars for admins of an existing group', () => {
    const groupAdmin = viewer('ga', { group_ids: ['g1'], admin_group_ids: ['g1'] });
    expect(spec.decide([], create({ calendar_type: 'group', parent_id: 'g1', parent_group_exists: true, viewer: groupAdmin }))[0]).toMatchObject({ data: { type: 'group', parent_id: 'g1' } });
    expect(refusalOf(() => spec.decide([], create({ calendar_type: 'group', parent_id: 'g1', parent_group_exists: true, viewer: viewer('gm', { group_ids: ['g1'] }) })))).toMatchObject({ kind: 'forbidden' });
    expect(refusalOf(() => spec.decide([], create({ calendar_type: 'group', parent_id: 'g2', parent_group_exists: false, viewer: groupAdmin })))).toMatchObject({ key: 'unknown_group', field: 'parent_id' });
    expect(refusalOf(() => spec.decide([], create({ calendar_type: 'group', parent_id: null, viewer: groupAdmin })))).toMatchObject({ key: 'required', kind: 'invalid' });
  });

  it('edits name, colour and shares by their owner only', () => {
    expect(spec.decide([personal, shared], { type: 'UpdateCalendar', name: 'Renamed', color: undefined, share_with: ['other'], viewer: viewer('owner') })).toEqual([
      { type: 'CalendarUpdated', data: { calendar_id: 'c1', name: 'Renamed', color: '1976d2', changed_fields: ['name'] } },
      { type: 'CalendarShared', data: { calendar_id: 'c1', member_ids: ['other'] } },
      { type: 'CalendarShareRemoved', data: { calendar_id: 'c1', member_ids: ['friend'] } },
    ]);
    expect(spec.decide([personal], { type: 'UpdateCalendar', name: 'Mine', color: undefined, share_with: undefined, viewer: viewer('owner') })).toEqual([]);
    expect(refusalOf(() => spec.decide([personal], { type: 'UpdateCalendar', name: 'X', color: undefined, share_with: undefined, viewer: viewer('stranger') }))).toMatchObject({ kind: 'forbidden' });
    expect(refusalOf(() => spec.decide([personal, shared], { type: 'UpdateCalendar', name: 'X', color: undefined, share_with: undefined, viewer: viewer('friend') }))).toMatchObject({
      key: 'shared_calendar_not_editable',
    });
  });

  it('deletes (then it is gone), shares, and lets a member remove a share given to them', () => {
    const deleted = spec.decide([personal], { type: 'DeleteCalendar', viewer: viewer('owner') });
    expect(deleted).toEqual([{ type: 'CalendarDeleted', data: { calendar_id: 'c1' } }]);
    expect(refusalOf(() => spec.decide([personal, ...deleted], { type: 'DeleteCalendar', viewer: viewer('owner') }))).toMatchObject({ kind: 'not_found' });
    expect(spec.decide([personal], { type: 'ShareCalendar', member_ids: ['friend'], viewer: viewer('owner') })).toEqual([shared]);
    expect(spec.decide([personal, shared], { type: 'RemoveCalendarShare', viewer: viewer('friend') })).toEqual([
      { type: 'CalendarShareRemoved', data: { calendar_id: 'c1', member_ids: ['friend'] } },
    ]);
    expect(refusalOf(() => spec.decide([personal], { type: 'RemoveCalendarShare', viewer: viewer('friend') }))).toMatchObject({ key: 'not_shared' });
    expect(refusalOf(() => spec.decide([], { type: 'DeleteCalendar', viewer: viewer('owner') }))).toMatchObject({ kind: 'not_found' });
  });
});
