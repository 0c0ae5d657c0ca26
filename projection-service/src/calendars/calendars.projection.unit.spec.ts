import { calendarStream, memberStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { calendarTokensProjection, calendarsProjection } from './calendars.projection';
import { hashCalendarToken, toCalendarDto } from './calendars.read';

const on = { streamId: calendarStream('c1'), memberId: 'alice' };
const created = recorded('CalendarCreated', { calendar_id: 'c1', name: 'Mine', color: 'd32f2f', type: 'personal', parent_id: null, author_id: 'alice' }, on);
const events = [
  created,
  recorded('CalendarUpdated', { calendar_id: 'c1', name: 'Private', color: '1976d2', changed_fields: ['name', 'color'] }, on),
  recorded('CalendarShared', { calendar_id: 'c1', member_ids: ['bob', 'carol'] }, on),
  recorded('CalendarShareRemoved', { calendar_id: 'c1', member_ids: ['carol'] }, { ...on, memberId: 'carol' }),
];
const viewer = (id: string) => ({ member_id: id, network_admin: false, external: false, group_ids: [], admin_group_ids: [] });

describe('calendars projection', () => {
  it('builds the calendar from creation, update and shares', () => {
    expect(project(calendarsProjection, events, 'c1')).toMatchObject({ name: 'Private', color: '1976d2', type: 'personal', author_id: 'alice', shared_with: ['bob'] });
  });

  it('changes nothing when events are applied twice, and a deletion removes it', () => {
    const once = project(calendarsProjection, events, 'c1');
    expect(project(calendarsProjection, [...events, ...events], 'c1')).toEqual(once);
    // and evolve itself, given each event twice in a row
    expect(projectEachTwice(calendarsProjection, events, 'c1')).toEqual(once);
    expect(project(calendarsProjection, [recorded('CalendarDeleted', { calendar_id: 'c1' }, on)], 'c1', once)).toBeNull();
  });

  it('shows a personal calendar as shared to the members it is shared with, with the owner\'s abilities to the owner', () => {
    const doc = project(calendarsProjection, events, 'c1');
    if (!doc) throw new Error('calendar expected');
    expect(toCalendarDto(doc, viewer('bob'), new Map())).toMatchObject({ type: 'shared', can: { update: false, destroy: false, create_appointments: false } });
    expect(toCalendarDto(doc, viewer('alice'), new Map())).toMatchObject({ type: 'personal', can: { update: true, destroy: true, create_appointments: true } });
  });
});

describe('calendar tokens projection', () => {
  it('keeps the latest token hash and forgets it on revocation', () => {
    const at = { streamId: memberStream('bob') };
    const issued = recorded('MemberCalendarTokenIssued', { member_id: 'bob', token_hash: hashCalendarToken('t1') }, at);
    const rotated = recorded('MemberCalendarTokenIssued', { member_id: 'bob', token_hash: hashCalendarToken('t2') }, at);
    const doc = project(calendarTokensProjection, [issued, rotated, rotated], 'bob');
    expect(doc?.token_hash).toBe(hashCalendarToken('t2'));
    expect(project(calendarTokensProjection, [recorded('MemberCalendarTokenRevoked', { member_id: 'bob' }, at)], 'bob', doc)).toBeNull();
  });
});
