import { project, projectEachTwice, recorded } from '../__tests__/events';
import { groupIdOfScope, groupScope, networkScope, statisticsProjection, statisticsShareId, statisticsShareOf } from './statistics.projection';

const at = '2026-11-20T10:00:00.000Z';
const withCorrelation = (event: ReturnType<typeof recorded>, correlationId: string) => ({ ...event, metadata: { ...event.metadata, correlationId } });
const events = [
  withCorrelation(recorded('MemberRegistered', { member_id: 'ann' }, { memberId: null, at }), 'c1'),
  withCorrelation(recorded('GroupCreated', { group_id: 'g1', slug: 'choir', name: 'Choir', group_category_id: null, access: 'open' }, { memberId: 'ann', at }), 'c2'),
  withCorrelation(recorded('MemberJoinedGroup', { group_id: 'g1', member_id: 'ann', admin: true }, { memberId: 'ann', at }), 'c2'),
  withCorrelation(recorded('MemberJoinedGroup', { group_id: 'g1', member_id: 'ben', admin: false }, { memberId: 'ben', at }), 'c3'),
  withCorrelation(recorded('MemberLeftGroup', { group_id: 'g1', member_id: 'ben' }, { memberId: 'ben', at }), 'c4'),
];

describe('statistics projection', () => {
  it('counts a day per scope: events, commands by correlation, active members, joins and leaves', () => {
    const network = statisticsShareId(networkScope, '2026-11-20', 0);
    const group = statisticsShareId(groupScope('g1'), '2026-11-20', 0);
    expect(statisticsProjection.documentIds(events[2])).toEqual([network, group]);
    expect(project(statisticsProjection, events, network)).toMatchObject({ events: 5, commands: 4, active_member_ids: ['ann', 'ben'], joined: 1, left: 0, partition: 0 });
    expect(project(statisticsProjection, events.slice(1), group)).toMatchObject({ scope: 'group:g1', events: 4, commands: 3, joined: 2, left: 1 });
  });

  it("keeps one share per bus partition: an event counts on its own partition's share of the day", () => {
    expect(statisticsProjection.documentIds(events[2], { partition: 2 })).toEqual(['network:2026-11-20:p2', 'group:g1:2026-11-20:p2']);
    expect(statisticsProjection.evolve(null, events[2], 'network:2026-11-20:p2')).toMatchObject({ scope: 'network', date: '2026-11-20', partition: 2, events: 1 });
    expect(statisticsShareOf('group:g1:2026-11-20:p2')).toEqual({ scope: 'group:g1', date: '2026-11-20', partition: 2 });
    expect(statisticsShareOf('network:2026-11-20')).toBeNull();
    expect(groupIdOfScope('group:g1')).toBe('g1');
    expect(groupIdOfScope(networkScope)).toBeNull();
  });

  it('changes nothing when events are applied twice', () => {
    const network = statisticsShareId(networkScope, '2026-11-20', 0);
    expect(projectEachTwice(statisticsProjection, events, network)).toEqual(project(statisticsProjection, events, network));
  });
});
