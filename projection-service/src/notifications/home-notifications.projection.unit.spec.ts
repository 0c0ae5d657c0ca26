import fc from 'fast-check';
import { activityStream, groupStream, mentionMarkup, mentionedMemberIds, type ActivityViewer, type GroupAccess } from '@cn/contracts';
import type { ProjectedDocument, Projection, RecordedEvent } from '@cn/domain';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { activitiesProjection } from '../activities/activities.projection';
import type { StreamsContext } from '../activities/activity-visibility';
import { calendarsProjection } from '../calendars/calendars.projection';
import { groupsProjection } from '../groups/groups.projection';
import { homeNotificationsProjection } from './home-notifications.projection';
import { homeNotificationsFor } from './home-notifications.visibility';

/** every document of a read model after the history, applied as the runner does (or each event twice) */
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

const viewer = (id: string, overrides: Partial<ActivityViewer> = {}): ActivityViewer => ({ member_id: id, network_admin: false, external: false, ...overrides });
const contextOf = (events: readonly RecordedEvent[], of: ActivityViewer): StreamsContext => ({
  viewer: of,
  groups: projectAll(groupsProjection, events),
  calendars: projectAll(calendarsProjection, events),
  channels: new Map(),
});
/** what a member's bell lists after the history (the read side's pure part) */
const notificationsOf = (events: readonly RecordedEvent[], of: ActivityViewer, times = 1) =>
  homeNotificationsFor(projectAll(homeNotificationsProjection, events, times).values(), projectAll(activitiesProjection, events, times), contextOf(events, of)).sort((a, b) => a.position - b.position);

const created = (groupId: string, access: GroupAccess) =>
  recorded('GroupCreated', { group_id: groupId, slug: groupId, name: groupId.toUpperCase(), group_category_id: null, access }, { streamId: groupStream(groupId), memberId: 'founder' });
const joined = (groupId: string, memberId: string, admin = false) => recorded('MemberJoinedGroup', { group_id: groupId, member_id: memberId, admin }, { streamId: groupStream(groupId) });
const left = (groupId: string, memberId: string) => recorded('MemberLeftGroup', { group_id: groupId, member_id: memberId }, { streamId: groupStream(groupId) });
const mentioning = (ids: readonly string[]) => `<p>Hello ${ids.map((id) => mentionMarkup(id, id.toUpperCase())).join(' ')}</p>`;
const posted = (id: string, groupId: string | null, author: string, mentions: readonly string[] = []) =>
  recorded('ActivityPosted', { activity_id: id, group_id: groupId, author_id: author, html_content: mentioning(mentions), attachments: [] }, { streamId: activityStream(id), memberId: author });
const replied = (id: string, replyId: string, author: string, mentions: readonly string[] = []) =>
  recorded('ActivityReplied', { activity_id: id, reply_id: replyId, author_id: author, html_content: mentioning(mentions) }, { streamId: activityStream(id), memberId: author });

describe('mentions in rich text', () => {
  it('finds the members a text mentions (each once), not plain links to member pages', () => {
    expect(mentionedMemberIds(`${mentioning(['ada', 'bob', 'ada'])}<a href="/members/cat">Cat's page</a><a href="https://x.org/members/dan">@dan</a>`)).toEqual(['ada', 'bob']);
    expect(mentionMarkup('m1', 'A<b>')).toBe('<a href="/members/m1">@A&lt;b&gt;</a>');
  });
});

describe('home notifications projection', () => {
  const history = [
    created('g', 'open'),
    joined('g', 'ann', true),
    joined('g', 'ben'),
    posted('p1', 'g', 'ann', ['ben', 'ann']),
    replied('p1', 'r1', 'ben', []),
    replied('p1', 'r2', 'cat', ['ann', 'ben']),
    recorded('GroupJoinRequested', { group_id: 'g', member_id: 'dan' }, { streamId: groupStream('g'), memberId: 'dan' }),
  ];

  it('tells the mentioned (not the author who mentions herself), the post author of a reply (once, as a mention when also mentioned), and the group admins of a join request', () => {
    expect(notificationsOf(history, viewer('ben')).map((n) => [n.kind, n.actor_id, n.subject.html_url])).toEqual([
      ['mentioned', 'ann', '/activities/p1'],
      ['mentioned', 'cat', '/activities/p1'],
    ]);
    expect(notificationsOf(history, viewer('ann')).map((n) => [n.kind, n.actor_id, n.subject.html_url])).toEqual([
      ['activity_replied', 'ben', '/activities/p1'],
      ['mentioned', 'cat', '/activities/p1'],
      ['group_join_requested', 'dan', '/groups/g'],
    ]);
    expect(notificationsOf(history, viewer('dan'))).toEqual([]);
    expect(notificationsOf(history, viewer('ann'))[0].subject.name).toBe('Hello @BEN @ANN');
  });

  it('adds each entry once, applied twice by the runner or by evolve itself; a deleted post takes its notifications along', () => {
    const once = project(homeNotificationsProjection, history, 'activity-p1');
    expect(project(homeNotificationsProjection, [...history, ...history], 'activity-p1')).toEqual(once);
    expect(projectEachTwice(homeNotificationsProjection, history, 'activity-p1')).toEqual(once);
    const deleted = [...history, recorded('ActivityDeleted', { activity_id: 'p1', group_id: 'g', deleted_by: 'ann' }, { streamId: activityStream('p1'), memberId: 'ann' })];
    expect(notificationsOf(deleted, viewer('ben'))).toEqual([]);
  });

  it('an edit mentioning someone new tells only them', () => {
    const edited = [...history, recorded('ActivityEdited', { activity_id: 'p1', html_content: mentioning(['ben', 'eve']) }, { streamId: activityStream('p1'), memberId: 'ann' })];
    expect(notificationsOf(edited, viewer('ben'))).toHaveLength(2);
    expect(notificationsOf(edited, viewer('eve')).map((n) => n.kind)).toEqual(['mentioned']);
  });

  it('tells nobody of a mention in a hidden group they are not in, until they join (and not after they left)', () => {
    const hidden = [created('h', 'hidden'), joined('h', 'ann', true), posted('p2', 'h', 'ann', ['out'])];
    expect(notificationsOf(hidden, viewer('out'))).toEqual([]);
    expect(notificationsOf([...hidden, joined('h', 'out')], viewer('out')).map((n) => n.kind)).toEqual(['mentioned']);
    expect(notificationsOf([...hidden, joined('h', 'out'), left('h', 'out')], viewer('out'))).toEqual([]);
    // a network admin sees every stream
    expect(notificationsOf([...hidden, posted('p3', 'h', 'ann', ['root'])], viewer('root', { network_admin: true }))).toHaveLength(1);
  });

  // random histories: groups of any access, members joining and leaving, posts and replies mentioning anyone
  const MEMBERS = ['m1', 'm2', 'm3', 'm4'];
  const GROUPS = ['g1', 'g2', 'g3'];
  const step = fc.oneof(
    fc.record({ kind: fc.constant('join' as const), group: fc.constantFrom(...GROUPS), member: fc.constantFrom(...MEMBERS), admin: fc.boolean() }),
    fc.record({ kind: fc.constant('leave' as const), group: fc.constantFrom(...GROUPS), member: fc.constantFrom(...MEMBERS) }),
    fc.record({ kind: fc.constant('post' as const), group: fc.option(fc.constantFrom(...GROUPS)), member: fc.constantFrom(...MEMBERS), mentions: fc.subarray(MEMBERS) }),
    fc.record({ kind: fc.constant('reply' as const), post: fc.nat(20), member: fc.constantFrom(...MEMBERS), mentions: fc.subarray(MEMBERS) }),
    fc.record({ kind: fc.constant('request' as const), group: fc.constantFrom(...GROUPS), member: fc.constantFrom(...MEMBERS) }),
    fc.record({ kind: fc.constant('delete' as const), post: fc.nat(20) }),
  );
  const historyArb = fc.record({ access: fc.tuple(...GROUPS.map(() => fc.constantFrom<GroupAccess>('open', 'closed', 'hidden'))), steps: fc.array(step, { maxLength: 40 }) });
  type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;
  const build = ({ access, steps }: History): RecordedEvent[] => {
    const events: RecordedEvent[] = GROUPS.map((group, i) => created(group, access[i]));
    const posts: Array<{ id: string; group: string | null }> = [];
    for (const s of steps) {
      if (s.kind === 'join') events.push(joined(s.group, s.member, s.admin));
      else if (s.kind === 'leave') events.push(left(s.group, s.member));
      else if (s.kind === 'post') {
        const id = `p${posts.length + 1}`;
        posts.push({ id, group: s.group });
        events.push(posted(id, s.group, s.member, s.mentions));
      } else if (s.kind === 'reply') {
        if (posts.length > 0) events.push(replied(posts[s.post % posts.length].id, `r${events.length}`, s.member, s.mentions));
      } else if (s.kind === 'request') events.push(recorded('GroupJoinRequested', { group_id: s.group, member_id: s.member }, { streamId: groupStream(s.group), memberId: s.member }));
      else if (posts.length > 0) {
        const post = posts[s.post % posts.length];
        events.push(recorded('ActivityDeleted', { activity_id: post.id, group_id: post.group, deleted_by: 'root' }, { streamId: activityStream(post.id), memberId: 'root' }));
      }
    }
    return events;
  };

  it('never gives a member a notification (nor a count) for an activity in a hidden group they are not in (random histories)', () => {
    fc.assert(
      fc.property(historyArb, (input) => {
        const events = build(input);
        const groups = projectAll(groupsProjection, events);
        const activities = projectAll(activitiesProjection, events);
        for (const memberId of MEMBERS) {
          for (const notification of notificationsOf(events, viewer(memberId))) {
            expect(notification.actor_id).not.toBe(memberId);
            if (notification.subject.type !== 'activity') continue;
            const groupId = activities.get(notification.subject.id)?.group_id ?? null;
            if (groupId === null) continue;
            const group = groups.get(groupId);
            if (group?.access === 'hidden') expect(group.member_ids).toContain(memberId);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('yields the same notifications from the same history (replayed, and each event applied twice)', () => {
    fc.assert(
      fc.property(historyArb, (input) => {
        const events = build(input);
        for (const memberId of MEMBERS) expect(notificationsOf(events, viewer(memberId), 2)).toEqual(notificationsOf(events, viewer(memberId)));
      }),
      { numRuns: 100 },
    );
  });
});

describe('abuse reports in the bell', () => {
  const report = recorded('AbuseReported', { report_id: 'r1', reporter_id: 'ben', url: '/activities/p9', reason: 'Spam everywhere' }, { memberId: 'ben' });
  it("reach the network's administrators of the day (not the reporter, not other members), linking the page reported", () => {
    expect(notificationsOf([report], viewer('root', { network_admin: true })).map((n) => [n.kind, n.actor_id, n.subject])).toEqual([
      ['abuse_reported', 'ben', { type: 'abuse_report', id: 'r1', name: 'Spam everywhere', html_url: '/activities/p9' }],
    ]);
    expect(notificationsOf([report], viewer('ann'))).toEqual([]);
    expect(notificationsOf([report], viewer('ben', { network_admin: true }))).toEqual([]);
    expect(projectEachTwice(homeNotificationsProjection, [report], 'abuse-r1')).toEqual(project(homeNotificationsProjection, [report], 'abuse-r1'));
  });
});

describe('mentions in chats', () => {
  const chatPosted = (key: string, author: string, mentioned: readonly string[], messageId = `m-${author}-${mentioned.join('-')}`) =>
    recorded('ChatMessagePosted', { chat_key: key, message_id: messageId, seq: 1, author_id: author, text: 'sealed', quoted_message_id: null, ...(mentioned.length ? { mentioned_ids: mentioned } : {}) }, { streamId: `chat-${key}`, memberId: author });
  const chatOn = (groupId: string, chat: 'enabled' | 'disabled') =>
    recorded('GroupDetailsChanged', { group_id: groupId, details: { chat, group_category_id: null }, changed_fields: ['chat'] }, { streamId: groupStream(groupId) });

  it('a member chat: the mentioned partner hears of it, linking to the chat as they name it; a message without mentions is nothing', () => {
    const events = [chatPosted('m.ann.bob', 'ann', ['bob']), chatPosted('m.ann.bob', 'ann', [], 'plain-1')];
    expect(notificationsOf(events, viewer('bob'))).toEqual([expect.objectContaining({ kind: 'mentioned', actor_id: 'ann', subject: { type: 'chat', id: 'member/ann', name: '', html_url: '/chat/member/ann' } })]);
    expect(notificationsOf(events, viewer('ann'))).toEqual([]);
    // replayed twice: still one
    expect(notificationsOf(events, viewer('bob'), 2)).toHaveLength(1);
  });

  it("a group chat: only while its chat is on and the member is in the group", () => {
    const base = [created('g1', 'open'), joined('g1', 'ann'), joined('g1', 'bob'), chatOn('g1', 'enabled'), chatPosted('g.g1', 'ann', ['bob'])];
    expect(notificationsOf(base, viewer('bob'))).toEqual([expect.objectContaining({ subject: { type: 'chat', id: 'group/g1', name: 'G1', html_url: '/chat/group/g1' } })]);
    expect(notificationsOf([...base, chatOn('g1', 'disabled')], viewer('bob'))).toEqual([]);
    expect(notificationsOf([...base, left('g1', 'bob')], viewer('bob'))).toEqual([]);
  });
});
