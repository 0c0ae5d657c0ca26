import { project, projectEachTwice, recorded } from '../__tests__/events';
import { groupIdOfScope, groupScope, networkScope, statisticsActiveId, statisticsActiveOf, statisticsProjection, statisticsShareId, statisticsShareOf, type StatisticsDocument } from './statistics.projection';

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
    expect(statisticsProjection.documentIds(events[2])).toEqual([network, group, statisticsActiveId(networkScope, '2026-11-20', 0, 'ann'), statisticsActiveId(groupScope('g1'), '2026-11-20', 0, 'ann')]);
    expect(project(statisticsProjection, events, network)).toMatchObject({ events: 5, commands: 4, joined: 1, left: 0, partition: 0 });
    expect(project(statisticsProjection, events, statisticsActiveId(networkScope, '2026-11-20', 0, 'ben'))).toMatchObject({ active_scope: 'network', date: '2026-11-20', partition: 0, member_id: 'ben' });
    expect(project(statisticsProjection, events.slice(1), group)).toMatchObject({ scope: 'group:g1', events: 4, commands: 3, joined: 2, left: 1 });
  });

  it("keeps one share per bus partition: an event counts on its own partition's share of the day", () => {
    expect(statisticsProjection.documentIds(events[2], { partition: 2 })).toEqual(['network:2026-11-20:p2', 'group:g1:2026-11-20:p2', 'active:network:2026-11-20:p2:ann', 'active:group:g1:2026-11-20:p2:ann']);
    expect(statisticsProjection.evolve(null, events[2], 'network:2026-11-20:p2')).toMatchObject({ scope: 'network', date: '2026-11-20', partition: 2, events: 1 });
    expect(statisticsShareOf('group:g1:2026-11-20:p2')).toEqual({ scope: 'group:g1', date: '2026-11-20', partition: 2 });
    expect(statisticsShareOf('network:2026-11-20')).toBeNull();
    expect(groupIdOfScope('group:g1')).toBe('g1');
    expect(groupIdOfScope(networkScope)).toBeNull();
  });

  it("keeps a day's active members out of its share: the share's size does not grow with them, a member's document is written once", () => {
    const network = statisticsShareId(networkScope, '2026-11-20', 0);
    const many = Array.from({ length: 500 }, (_v, i) => withCorrelation(recorded('MemberPresenceChanged', { member_id: `m${i}`, type: 'online', text: null }, { memberId: `m${i}`, at }), `p${i}`));
    const share = project(statisticsProjection, many, network);
    expect(share).toMatchObject({ events: 500, commands: 500 });
    expect(JSON.stringify(share).length).toBeLessThan(400);
    // the member's later events that day leave the document as it is: the runner writes nothing for them
    const id = statisticsActiveId(networkScope, '2026-11-20', 0, 'm7');
    const first = statisticsProjection.evolve(null, many[7], id) as StatisticsDocument;
    expect(first).toMatchObject({ _id: id, active_scope: 'network', member_id: 'm7' });
    const again = withCorrelation(recorded('MemberPresenceChanged', { member_id: 'm7', type: 'busy', text: null }, { memberId: 'm7', at }), 'later');
    expect(statisticsProjection.evolve(first, { ...again, position: 10_000 }, id)).toBe(first);
    expect(statisticsActiveOf(id)).toEqual({ scope: 'network', date: '2026-11-20', partition: 0, memberId: 'm7' });
    expect(statisticsShareOf(id)).toBeNull();
    expect(statisticsActiveOf(network)).toBeNull();
  });

  it('changes nothing when events are applied twice', () => {
    const network = statisticsShareId(networkScope, '2026-11-20', 0);
    expect(projectEachTwice(statisticsProjection, events, network)).toEqual(project(statisticsProjection, events, network));
  });
});
