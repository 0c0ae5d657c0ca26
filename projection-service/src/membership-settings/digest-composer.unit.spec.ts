import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettings, type NotificationDto } from '@cn/contracts';
import { composeDigest, composeNotificationMail, composeSubscriptionMail, type DigestActivity, type DigestInput } from './digest-composer';

const activity = (id: string, group: string | null, position: number): DigestActivity => ({
  id,
  group_id: group,
  stream_name: group ?? 'Network',
  author_name: 'Ada Admin',
  html_content: `<p>Post ${id}</p>`,
  created_position: position,
});
const mention: NotificationDto = {
  id: 'activity-p1:7',
  kind: 'mentioned',
  at: '2026-11-23T10:00:00.000Z',
  position: 7,
  read: false,
  actor: { id: 'ada', name: 'Ada Admin', path: '/members/ada' },
  subject: { type: 'activity', id: 'p1', name: 'Post p1', html_url: '/activities/p1' },
};
const input = (settings: Partial<MembershipSettings> = {}, more: Partial<DigestInput> = {}): DigestInput => ({
  kind: 'email_digests',
  member: { id: 'bob', email: 'bob@example.org', name: 'Bob Baker' },
  settings: { ...DEFAULT_MEMBERSHIP_SETTINGS, ...settings },
  network: { name: 'Garden Club', base_url: 'https://club.example.org/', language: 'en' },
  group_ids: ['g1', 'g2'],
  activities: [activity('p1', 'g1', 5), activity('p2', 'g2', 6), activity('p3', null, 4), activity('p4', 'g3', 8)],
  notifications: [mention],
  ...more,
});

describe('composeDigest', () => {
  it("tells the new posts of the member's groups and the network, newest first, and the chosen notifications, with links", () => {
    const mail = composeDigest(input());
    expect(mail?.to).toEqual(['bob@example.org']);
    expect(mail?.subject).toBe('Garden Club: Your digest');
    expect(mail?.text.split('\n')).toEqual([
      'Hello Bob Baker,',
      '',
      'New posts:',
      '- Ada Admin in g2: Post p2',
      '  https://club.example.org/activities/p2',
      '- Ada Admin in g1: Post p1',
      '  https://club.example.org/activities/p1',
      '- Ada Admin in Network: Post p3',
      '  https://club.example.org/activities/p3',
      '',
      'Notifications:',
      '- Ada Admin mentioned you: Post p1',
      '  https://club.example.org/activities/p1',
      '',
      'Choose which mails you get here:',
      'https://club.example.org/members/bob/settings/edit',
    ]);
  });

  it('keeps to the selected groups (of those the member is still in), leaves out the network unless included, and the notifications not chosen', () => {
    const mail = composeDigest(
      input({
        email_digests: { enabled: true, switch: 'selected_groups', group_ids: ['g1', 'g3'], include_network_level: false },
        email_notifications: ['replies'],
      }),
    );
    expect(mail?.text).toContain('/activities/p1');
    for (const left of ['/activities/p2', '/activities/p3', '/activities/p4', 'mentioned you']) expect(mail?.text).not.toContain(left);
  });

  it('sends nothing when the digest is off or there is nothing to tell; German for a German network', () => {
    expect(composeDigest(input({ email_daily_digests: { ...DEFAULT_MEMBERSHIP_SETTINGS.email_daily_digests, enabled: false } }, { kind: 'email_daily_digests' }))).toBeNull();
    expect(composeDigest(input({}, { activities: [], notifications: [{ ...mention, read: true }] }))).toBeNull();
    expect(composeDigest(input({}, { network: { name: 'Gartenverein', base_url: 'https://x.de', language: 'de' } }))?.subject).toBe('Gartenverein: Deine Zusammenfassung');
  });
});

describe('the mails of the timed digest, single notifications and subscriptions', () => {
  const network = { name: 'Garden Club', base_url: 'https://club.example/', language: 'en' };
  const member = { id: 'bob', email: 'bob@example.org', name: 'Bob Baker' };

  it('lists upcoming appointments beside something new, in the zone given, and counts what it tells', () => {
    const mail = composeDigest({
      ...input(),
      network,
      time_zone: 'Europe/Berlin',
      appointments: [{ name: 'Pruning workshop', start: '2026-11-28T09:00:00.000Z', html_url: '/appointments/a1' }],
    });
    expect(mail?.text).toContain('Your next appointments:');
    expect(mail?.text).toMatch(/28 Nov 2026, 10:00: Pruning workshop/);
    expect(mail?.text).toContain('https://club.example/appointments/a1');
    expect(mail?.counts.activities).toBeGreaterThan(0);
  });

  it('tells no appointments alone: without anything new there is no digest', () => {
    expect(composeDigest({ ...input({}, { activities: [], notifications: [] }), appointments: [{ name: 'Workshop', start: '2026-11-28T09:00:00.000Z', html_url: '/appointments/a1' }] })).toBeNull();
  });

  it('words a single notification by its kind and actor, with its link', () => {
    const mail = composeNotificationMail({
      member,
      network,
      notification: { kind: 'activity_replied', actor: { id: 'ada', name: 'Ada Admin', path: '/members/ada' }, subject: { type: 'activity', id: 'p1', name: 'Harvest', html_url: '/activities/p1' } },
    });
    expect(mail.subject).toBe('Garden Club: Ada Admin replied to your post');
    expect(mail.to).toEqual(['bob@example.org']);
    expect(mail.text).toContain('https://club.example/activities/p1');
    expect(mail.text).toContain('https://club.example/members/bob/settings/edit');
    expect(composeNotificationMail({ member, network: { ...network, language: 'de' }, notification: { kind: 'mentioned', actor: null, subject: { type: 'activity', id: 'p1', name: 'Ernte', html_url: '' } } }).subject).toBe(
      'Garden Club: Garden Club hat dich erwähnt',
    );
  });

  it('words new content of a subscription with its place and a teaser', () => {
    const mail = composeSubscriptionMail({ member, network, place: { type: 'channel', name: 'Garden Journal' }, author_name: 'Ada Admin', html_content: '<p>Cut <b>above</b> the bud</p>', html_url: '/activities/article-a1' });
    expect(mail.subject).toBe('Garden Club: New in Garden Journal');
    expect(mail.text).toContain('Ada Admin published:\nCut above the bud');
    expect(mail.text).not.toContain('<b>');
  });
});
