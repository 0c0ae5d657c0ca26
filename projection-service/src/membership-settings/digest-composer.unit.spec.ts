import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettings, type NotificationDto } from '@cn/contracts';
import { composeDigest, type DigestActivity, type DigestInput } from './digest-composer';

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
