import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { abuseReportStream, activityStream, channelStream, DEFAULT_MEMBERSHIP_SETTINGS, groupStream, memberStream, membershipSettingsStream, mentionMarkup } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { startHarness, type Harness } from '../__tests__/harness';
import { NOTIFICATION_MAILS } from './notification-mails';
import { NotificationMails } from './notifications.module';

interface SentMail {
  to: string[];
  subject: string;
  text: string;
}

describe('email for single notifications (a reactor beside the read side)', () => {
  jest.setTimeout(30_000);
  let dir: string;
  let h: Harness;
  let head = 0;
  const mails = (): SentMail[] =>
    existsSync(join(dir, 'outbox'))
      ? readdirSync(join(dir, 'outbox'))
          .filter((name) => name.endsWith('.json'))
          .map((name) => JSON.parse(readFileSync(join(dir, 'outbox', name), 'utf8')) as SentMail)
      : [];
  const mailsTo = (member: string): SentMail[] => mails().filter((mail) => mail.to.includes(`${member}@example.org`));
  /** waits until the reactor has dealt with everything appended so far */
  const settled = async (): Promise<void> => {
    expect(await h.app.get(NotificationMails, { strict: false }).mailer.waitFor(head, 10_000)).toBe(true);
  };
  const settings = (member: string, change: Partial<typeof DEFAULT_MEMBERSHIP_SETTINGS>) =>
    h.append(membershipSettingsStream(member), 'MembershipSettingsChanged', { member_id: member, settings: { ...DEFAULT_MEMBERSHIP_SETTINGS, ...change } }, member);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cn-notification-mails-'));
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir });
    for (const [id, first] of [
      ['ada', 'Ada'],
      ['bob', 'Bob'],
      ['cat', 'Cat'],
      ['dan', 'Dan'],
      ['eve', 'Eve'],
      ['fay', 'Fay'],
    ] as const)
      await h.register(id, first, 'Member');
    await h.register('adm', 'Adm', 'Member', { network_admin: true });
    for (const [id, access] of [
      ['g', 'open'],
      ['h', 'hidden'],
    ] as const) {
      await h.append(groupStream(id), 'GroupCreated', { group_id: id, slug: id, name: `Group ${id.toUpperCase()}`, group_category_id: null, access }, 'ada');
      await h.append(groupStream(id), 'MemberJoinedGroup', { group_id: id, member_id: 'ada', admin: true }, 'ada');
    }
    for (const member of ['bob', 'cat', 'dan', 'eve', 'fay']) await h.append(groupStream('g'), 'MemberJoinedGroup', { group_id: 'g', member_id: member, admin: false }, member);
    await h.append(memberStream('dan'), 'MemberLocked', { member_id: 'dan' }, 'adm');
    await h.append(memberStream('fay'), 'MemberErased', { member_id: 'fay' }, 'adm');
    await settings('eve', { email_notifications: ['replies'] });
    head = await settings('adm', { email_admin_notifications: ['abuse_reports'] });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('mails a mention to each member mentioned who wants it: never the actor, a locked or erased member, one who opted out', async () => {
    const everyone = ['ada', 'bob', 'cat', 'dan', 'eve', 'fay'].map((id) => mentionMarkup(id, id)).join(' ');
    head = await h.append(activityStream('p1'), 'ActivityPosted', { activity_id: 'p1', group_id: 'g', author_id: 'ada', html_content: `<p>Harvest ${everyone}</p>`, attachments: [] }, 'ada');
    await eventually(() => mailsTo('bob').length === 1 && mailsTo('cat').length === 1);
    await settled();
    expect(mailsTo('bob')[0].subject).toMatch(/Ada Member (hat dich erwähnt|mentioned you)$/);
    expect(mailsTo('bob')[0].text).toContain('https://club.example/activities/p1');
    expect(mailsTo('ada')).toEqual([]);
    expect(mailsTo('dan')).toEqual([]);
    expect(mailsTo('eve')).toEqual([]);
    expect(mails().filter((mail) => mail.text.includes('Fay'))).toEqual([]);
    expect(mails().every((mail) => mail.to.every((to) => to !== 'fay@example.org'))).toBe(true);
  });

  it('mails nothing of a post the member may not see (a hidden group they are not in)', async () => {
    head = await h.append(activityStream('p2'), 'ActivityPosted', { activity_id: 'p2', group_id: 'h', author_id: 'ada', html_content: `<p>Secret ${mentionMarkup('bob', 'Bob')}</p>`, attachments: [] }, 'ada');
    await settled();
    expect(mailsTo('bob')).toHaveLength(1);
  });

  it("mails a reply to the post's author, a join request to the group's admins, an abuse report to administrators who chose it", async () => {
    await h.append(activityStream('p1'), 'ActivityReplied', { activity_id: 'p1', reply_id: 'r1', author_id: 'eve', html_content: '<p>Count me in</p>' }, 'eve');
    await h.append(groupStream('h'), 'GroupJoinRequested', { group_id: 'h', member_id: 'cat' }, 'cat');
    head = await h.append(abuseReportStream('a1'), 'AbuseReported', { report_id: 'a1', reporter_id: 'bob', url: '/activities/p1', reason: 'Spam links' }, 'bob');
    await eventually(() => mailsTo('ada').length === 2 && mailsTo('adm').length === 1);
    await settled();
    expect(mailsTo('ada').map((mail) => mail.subject).sort()).toEqual([expect.stringMatching(/Cat Member .*(beitreten|join)/), expect.stringMatching(/Eve Member .*(geantwortet|replied)/)].sort());
    expect(mailsTo('adm')[0].text).toContain('Spam links');
    // the reporter is no administrator; the replier hears nothing of their own reply
    expect(mailsTo('eve')).toEqual([]);
    expect(mailsTo('bob')).toHaveLength(1);
  });

  it('mails new content of a subscribed group or channel to subscribers who chose such mails and may see it', async () => {
    for (const member of ['bob', 'cat']) await h.append(groupStream('g'), 'GroupSubscribed', { group_id: 'g', member_id: member }, member);
    await h.append(groupStream('h'), 'GroupSubscribed', { group_id: 'h', member_id: 'eve' }, 'eve');
    await settings('cat', { email_subscriptions: [] });
    await h.append(channelStream('garden'), 'ChannelCreated', { channel_id: 'c1', slug: 'garden', title: 'Garden Journal', description: '', status: 'active', author_id: 'adm', blog_id: 'b1' }, 'adm');
    await h.append(channelStream('garden'), 'ChannelSubscribed', { channel_id: 'c1', member_id: 'bob' }, 'bob');
    const bobBefore = mailsTo('bob').length;
    await h.append(activityStream('p3'), 'ActivityPosted', { activity_id: 'p3', group_id: 'g', author_id: 'ada', html_content: '<p>Plant sale next week</p>', attachments: [] }, 'ada');
    await h.append(activityStream('p4'), 'ActivityPosted', { activity_id: 'p4', group_id: 'h', author_id: 'ada', html_content: '<p>Board only</p>', attachments: [] }, 'ada');
    head = await h.append(
      channelStream('garden'),
      'ArticlePublished',
      { channel_id: 'c1', blog_id: 'b1', article_id: 'a1', title: 'Pruning roses', html_content: '<p>Cut above the bud</p>', author_id: 'adm' },
      'adm',
    );
    await eventually(() => mailsTo('bob').length === bobBefore + 2);
    await settled();
    // 'Garden Journal' sorts before 'Group G'
    const [channel, group] = mailsTo('bob').slice(bobBefore).sort((a, b) => a.subject.localeCompare(b.subject));
    expect(group.subject).toMatch(/(Neu in|New in) Group G$/);
    expect(group.text).toContain('Plant sale next week');
    expect(channel.subject).toMatch(/(Neu in|New in) Garden Journal$/);
    expect(channel.text).toContain('https://club.example/activities/article-a1');
    expect(channel.text).toContain('Pruning roses');
    // Cat chose no subscription mails, Eve may not see the hidden group, Ada wrote it
    expect(mailsTo('cat')).toHaveLength(1);
    expect(mailsTo('eve')).toEqual([]);
    expect(mailsTo('ada').map((mail) => mail.subject).join()).not.toMatch(/Group G|Group H/);
  });

  it('sends each mail once, also when the reactor replays the log after a crash', async () => {
    const before = mails().length;
    await h.close();
    // the reactor's checkpoint lost: it reads the whole log again
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir });
    await h.infra.documentStore.collection('_checkpoints').upsert({ _id: NOTIFICATION_MAILS, position: 0, _position: 0 });
    await h.close();
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir });
    await settled();
    expect(mails()).toHaveLength(before);
  });
});
