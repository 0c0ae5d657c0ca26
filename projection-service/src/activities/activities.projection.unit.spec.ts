import fc from 'fast-check';
import { activityStream, appointmentStream, calendarStream, channelStream, groupStream, mentionMarkup, type ActivityViewer, type GroupAccess } from '@cn/contracts';
import type { ProjectedDocument, Projection, RecordedEvent } from '@cn/domain';
import { recorded } from '../__tests__/events';
import { calendarsProjection } from '../calendars/calendars.projection';
import { groupsProjection } from '../groups/groups.projection';
import { activitiesProjection, activityReadsProjection, type ActivityDocument } from './activities.projection';
import { inAllStream, placeOf, unreadCounts, type StreamsContext } from './activity-visibility';

/** every document of a read model after the history, applied as the runner does (a document skips what it has seen) */
const projectAll = <D extends ProjectedDocument>(projection: Projection<D>, events: readonly RecordedEvent[], times = 1): Map<string, D> => {
  const docs = new Map<string, D>();
  for (const event of events) {
    if (!projection.eventTypes.includes(event.type)) continue;
    for (const id of projection.documentIds(event)) {
      let current = docs.get(id) ?? null;
      for (let time = 0; time < times; time += 1) {
        const next = projection.evolve(current, event, id);
        current = next === null ? null : ({ ...next, _id: id, _position: event.position } as D);
      }
      if (current === null) docs.delete(id);
      else docs.set(id, current);
    }
  }
  return docs;
};

const contextOf = (events: readonly RecordedEvent[], viewer: ActivityViewer): StreamsContext => ({
  viewer,
  groups: projectAll(groupsProjection, events),
  calendars: projectAll(calendarsProjection, events),
  channels: new Map(),
});
const visibleTo = (events: readonly RecordedEvent[], viewer: ActivityViewer): ActivityDocument[] => {
  const ctx = contextOf(events, viewer);
  return [...projectAll(activitiesProjection, events).values()].filter((doc) => placeOf(doc, ctx) !== null);
};
type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
const member = (id: string, overrides: Partial<ActivityViewer> = {}): ActivityViewer => ({ member_id: id, network_admin: false, external: false, ...overrides });

const created = (groupId: string, access: GroupAccess) =>
  recorded('GroupCreated', { group_id: groupId, slug: groupId, name: groupId.toUpperCase(), group_category_id: null, access }, { streamId: groupStream(groupId), memberId: 'founder' });
const joined = (groupId: string, memberId: string) => recorded('MemberJoinedGroup', { group_id: groupId, member_id: memberId, admin: false }, { streamId: groupStream(groupId) });
const left = (groupId: string, memberId: string) => recorded('MemberLeftGroup', { group_id: groupId, member_id: memberId }, { streamId: groupStream(groupId) });
const posted = (id: string, groupId: string | null, author: string) =>
  recorded('ActivityPosted', { activity_id: id, group_id: groupId, author_id: author, html_content: `<p>${id}</p>`, attachments: [] }, { streamId: activityStream(id), memberId: author });

describe('activities projection', () => {
  const history = [
    created('g1', 'open'),
    joined('g1', 'ann'),
    posted('a1', 'g1', 'ann'),
    recorded('ActivityReplied', { activity_id: 'a1', reply_id: 'r1', author_id: 'ben', html_content: '<p>yes</p>' }, { streamId: activityStream('a1') }),
    recorded('ActivityLiked', { activity_id: 'a1', member_id: 'ben' }, { streamId: activityStream('a1') }),
    recorded('ActivityLiked', { activity_id: 'a1', member_id: 'cid' }, { streamId: activityStream('a1') }),
    recorded('ActivityUnliked', { activity_id: 'a1', member_id: 'cid' }, { streamId: activityStream('a1') }),
    posted('a2', null, 'ben'),
    recorded('ActivityDeleted', { activity_id: 'a2', group_id: null, deleted_by: 'ben' }, { streamId: activityStream('a2') }),
  ];

  it('keeps posts with replies and likes; a deleted post goes', () => {
    const docs = projectAll(activitiesProjection, history);
    expect(docs.get('a1')).toMatchObject({ kind: 'post', group_id: 'g1', author_id: 'ann', liker_ids: ['ben'], replies: [{ id: 'r1', author_id: 'ben' }] });
    expect(docs.has('a2')).toBe(false);
    // a new member of the group is news in its stream
    expect(docs.get('joined-g1-ann')).toMatchObject({ kind: 'group_member', group_id: 'g1', author_id: 'ann' });
  });

  it('keeps the files a post carries, pinned to their versions; an edit of the text leaves them, one naming files replaces them; an automatic activity carries none', () => {
    const attachment = { file_id: 'f1', version_id: 'v1', name: 'Plan.pdf' };
    const docs = projectAll(activitiesProjection, [
      ...history,
      recorded('ActivityPosted', { activity_id: 'a3', group_id: 'g1', author_id: 'ann', html_content: '<p>files</p>', attachments: [attachment] }, { streamId: activityStream('a3'), memberId: 'ann' }),
      recorded('ActivityEdited', { activity_id: 'a3', html_content: '<p>files, edited</p>' }, { streamId: activityStream('a3') }),
    ]);
    expect(docs.get('a3')).toMatchObject({ html_content: '<p>files, edited</p>', attachments: [attachment] });
    expect(docs.get('a1')?.attachments).toEqual([]);
    // a version 2 edit names the files the post carries from then on
    const added = { file_id: 'f2', version_id: 'v7', name: 'Map.png' };
    const edited = projectAll(activitiesProjection, [
      ...history,
      recorded('ActivityPosted', { activity_id: 'a3', group_id: 'g1', author_id: 'ann', html_content: '<p>files</p>', attachments: [attachment] }, { streamId: activityStream('a3'), memberId: 'ann' }),
      recorded('ActivityEdited', { activity_id: 'a3', html_content: '<p>other files</p>', attachments: [added] }, { streamId: activityStream('a3') }),
      recorded('ActivityEdited', { activity_id: 'a3', html_content: '<p>same files</p>', attachments: null }, { streamId: activityStream('a3') }),
    ]);
    expect(edited.get('a3')).toMatchObject({ html_content: '<p>same files</p>', attachments: [added] });
    expect(docs.get('joined-g1-ann')?.attachments).toEqual([]);
  });

  it('changes nothing when events are applied twice', () => {
    expect(projectAll(activitiesProjection, history, 2)).toEqual(projectAll(activitiesProjection, history));
    const reads = [recorded('ActivityStreamRead', { member_id: 'ann', stream: 'g1', up_to: 5 }), recorded('ActivityStreamRead', { member_id: 'ann', stream: 'g1', up_to: 3 })];
    expect(projectAll(activityReadsProjection, reads, 2).get('ann')).toMatchObject({ read: { g1: 5 } });
  });

  it('files an appointment under its calendars\' stream, as visible as that stream; personal ones nowhere', () => {
    const events = [
      created('h', 'hidden'),
      joined('h', 'ann'),
      recorded('CalendarCreated', { calendar_id: 'c-h', name: 'H', color: 'red', type: 'group', parent_id: 'h', author_id: 'ann' }, { streamId: calendarStream('c-h') }),
      recorded('CalendarCreated', { calendar_id: 'c-me', name: 'Me', color: 'red', type: 'personal', parent_id: null, author_id: 'ben' }, { streamId: calendarStream('c-me') }),
      recorded('AppointmentCreated', { appointment_id: 'ap1', author_id: 'ann', appointment: { name: 'Rehearsal', calendar_ids: ['c-h'] } }, { streamId: appointmentStream('ap1') }),
      recorded('AppointmentCreated', { appointment_id: 'ap2', author_id: 'ben', appointment: { name: 'Dentist', calendar_ids: ['c-me'] } }, { streamId: appointmentStream('ap2') }),
    ];
    expect(visibleTo(events, member('ann')).map((doc) => doc._id).sort()).toEqual(['appointment-ap1', 'joined-h-ann']);
    expect(visibleTo(events, member('ben'))).toEqual([]);
  });

  it("tells the network's stream of a new item with its app's teaser, and nothing of an app without one", () => {
    const item = (itemId: string, teaser?: string) =>
      recorded('AppItemCreated', { app_id: 'ideas', item_id: itemId, author_id: 'ann', values: {}, ...(teaser === undefined ? {} : { teaser }) }, { streamId: `app-item-${itemId}`, memberId: 'ann' });
    const events = [item('i1', 'New idea: Garden party'), item('i2')];
    const docs = projectAll(activitiesProjection, events);
    expect(docs.get('item-i1')).toMatchObject({ kind: 'item', group_id: null, author_id: 'ann', html_content: '', source: { type: 'item', app_id: 'ideas', item_id: 'i1', teaser: 'New idea: Garden party' } });
    expect(docs.has('item-i2')).toBe(false);
    expect(visibleTo(events, member('ben')).map((doc) => doc._id)).toEqual(['item-i1']);
    expect(projectAll(activitiesProjection, events, 2)).toEqual(docs);
  });

  it('shows a channel article to who may see the channel', () => {
    const events = [
      recorded('ArticlePublished', { channel_id: 'news', blog_id: 'news', article_id: 'x1', title: 'Hello', html_content: '<p>x</p>', author_id: 'ann' }, { streamId: channelStream('news') }),
    ];
    const doc = projectAll(activitiesProjection, events).get('article-x1');
    expect(doc).toBeDefined();
    if (!doc) return;
    const ctx = (status: 'active' | 'draft'): StreamsContext => ({ ...contextOf(events, member('ben')), channels: new Map([['news', { status, author_id: 'ann' }]]) });
    expect(placeOf(doc, ctx('active'))).toMatchObject({ key: 'network' });
    expect(placeOf(doc, ctx('draft'))).toBeNull();
  });

  it("counts in 'all''s badge what 'all' shows of an unsubscribed stream: followed members' posts and mentions", () => {
    const joins = [created('g1', 'open'), ...['ann', 'ben', 'cid', 'dan'].map((id) => joined('g1', id))];
    const events = [
      ...joins,
      // the joins are read
      recorded('ActivityStreamRead', { member_id: 'ann', stream: 'all', up_to: joins.at(-1)?.position ?? 0 }),
      posted('by-ben', 'g1', 'ben'),
      posted('by-cid', 'g1', 'cid'),
      recorded('ActivityPosted', { activity_id: 'mention', group_id: 'g1', author_id: 'dan', html_content: `<p>hi ${mentionMarkup('ann', 'Ann')}</p>`, attachments: [] }, { streamId: activityStream('mention'), memberId: 'dan' }),
      posted('by-ann', 'g1', 'ann'),
      posted('net-dan', null, 'dan'),
    ];
    const docs = projectAll(activitiesProjection, events);
    const ctx = contextOf(events, member('ann'));
    const read = projectAll(activityReadsProjection, events).get('ann')?.read ?? {};
    const subscribed = { unsubscribed: new Set<string>(), followed: new Set<string>() };
    const unsubscribed = { unsubscribed: new Set(['g1']), followed: new Set(['ben']) };
    // subscribed: 'all' counts every unread of others, as the streams' counts add up
    expect(unreadCounts(docs.values(), read, ctx, subscribed)).toEqual(new Map([['g1', 3], ['all', 4], ['network', 1]]));
    // unsubscribed from g1: the group's own count stays; 'all' keeps the followed member's post, the mention and the network's
    expect(unreadCounts(docs.values(), read, ctx, unsubscribed)).toEqual(new Map([['g1', 3], ['all', 3], ['network', 1]]));
    // and the same rule decides what the 'all' page shows
    const shown = [...docs.values()].filter((doc) => {
      const place = placeOf(doc, ctx);
      return place !== null && place.key === 'g1' && doc.kind === 'post' && inAllStream({ doc, key: place.key }, unsubscribed, 'ann');
    });
    expect(shown.map((doc) => doc._id).sort()).toEqual(['by-ann', 'by-ben', 'mention']);
    // a mark on the group's stream reads them in 'all' too
    const marked = { ...read, g1: Math.max(...[...docs.values()].map((doc) => doc.created_position)) };
    expect(unreadCounts(docs.values(), marked, ctx, unsubscribed).get('all')).toBe(1);
  });

  // random histories of group membership and posts
  const MEMBERS = ['m1', 'm2', 'm3', 'm4'];
  const GROUPS = ['g1', 'g2', 'g3'];
  const step = fc.oneof(
    fc.record({ kind: fc.constant('join' as const), group: fc.constantFrom(...GROUPS), member: fc.constantFrom(...MEMBERS) }),
    fc.record({ kind: fc.constant('leave' as const), group: fc.constantFrom(...GROUPS), member: fc.constantFrom(...MEMBERS) }),
    fc.record({ kind: fc.constant('post' as const), group: fc.option(fc.constantFrom(...GROUPS)), member: fc.constantFrom(...MEMBERS) }),
    fc.record({ kind: fc.constant('like' as const), post: fc.nat(20), member: fc.constantFrom(...MEMBERS) }),
    fc.record({ kind: fc.constant('read' as const), stream: fc.constantFrom('all', 'network', ...GROUPS), member: fc.constantFrom(...MEMBERS), back: fc.nat(5) }),
  );
  const historyArb = fc.record({ access: fc.tuple(...GROUPS.map(() => fc.constantFrom<GroupAccess>('open', 'closed', 'hidden'))), steps: fc.array(step, { maxLength: 40 }) });
  const build = ({ access, steps }: ValueOf<typeof historyArb>): RecordedEvent[] => {
    const events: RecordedEvent[] = GROUPS.map((group, i) => created(group, access[i]));
    let posts = 0;
    for (const s of steps) {
      if (s.kind === 'join') events.push(joined(s.group, s.member));
      else if (s.kind === 'leave') events.push(left(s.group, s.member));
      else if (s.kind === 'post') events.push(posted(`p${(posts += 1)}`, s.group, s.member));
      else if (s.kind === 'like') {
        if (posts > 0) events.push(recorded('ActivityLiked', { activity_id: `p${(s.post % posts) + 1}`, member_id: s.member }, { streamId: activityStream(`p${(s.post % posts) + 1}`) }));
      } else events.push(recorded('ActivityStreamRead', { member_id: s.member, stream: s.stream, up_to: Math.max(0, (events.at(-1)?.position ?? 0) - s.back) }));
    }
    return events;
  };

  it('never shows a member an activity of a hidden group they are not in (random histories)', () => {
    fc.assert(
      fc.property(historyArb, (input) => {
        const events = build(input);
        const groups = projectAll(groupsProjection, events);
        for (const memberId of MEMBERS) {
          for (const doc of visibleTo(events, member(memberId))) {
            if (doc.group_id === null) continue;
            const group = groups.get(doc.group_id);
            expect(group).toBeDefined();
            if (group?.access === 'hidden') expect(group.member_ids).toContain(memberId);
          }
        }
        // a network admin sees everything; an external member no closed or hidden group they are not in
        expect(visibleTo(events, member('root', { network_admin: true }))).toHaveLength(projectAll(activitiesProjection, events).size);
        for (const doc of visibleTo(events, member('m1', { external: true }))) {
          if (doc.group_id !== null) expect(groups.get(doc.group_id)?.member_ids).toContain('m1');
        }
      }),
      { numRuns: 150 },
    );
  });

  it('yields the same streams and counters from the same history (replayed, and each event applied twice)', () => {
    fc.assert(
      fc.property(historyArb, (input) => {
        const events = build(input);
        const docs = projectAll(activitiesProjection, events);
        expect(projectAll(activitiesProjection, events, 2)).toEqual(docs);
        const reads = projectAll(activityReadsProjection, events);
        expect(projectAll(activityReadsProjection, events, 2)).toEqual(reads);
        for (const memberId of MEMBERS) {
          const ctx = contextOf(events, member(memberId));
          const counts = unreadCounts(docs.values(), reads.get(memberId)?.read ?? {}, ctx);
          expect(unreadCounts(projectAll(activitiesProjection, events).values(), projectAll(activityReadsProjection, events).get(memberId)?.read ?? {}, contextOf(events, member(memberId)))).toEqual(counts);
          // one's own activities are never unread, nor what one may not see
          const others = [...docs.values()].filter((doc) => doc.author_id !== memberId && placeOf(doc, ctx) !== null).length;
          expect([...counts.values()].reduce((total, count) => total + count, 0)).toBeLessThanOrEqual(others);
        }
      }),
      { numRuns: 100 },
    );
  });
});
