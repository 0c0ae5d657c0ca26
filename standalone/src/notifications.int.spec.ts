import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  DEFAULT_MEMBERSHIP_SETTINGS,
  EMAIL_ADMIN_NOTIFICATION_KEYS,
  mentionMarkup,
  type GroupCategoriesResponse,
  type GroupDetailDto,
  type MembershipSettingsResponse,
  type NotificationsResponse,
  type UnreadsResponse,
} from '@cn/contracts';
import { type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;

/**
 * Notifications and counters over HTTP, all services in one process: a mention through the composer's API
 * reaches the mentioned member only if they may see the post (a hidden group's is nobody's outside it),
 * reading brings the counters down; membership settings: the flags GET answers agree with what PUT
 * answers, for every role.
 */
describe('notifications, unread counters and membership settings over HTTP', () => {
  const demo = useDemoServer('notifications');
  let position = 0;
  const clients: Record<string, Client> = demo.clients;

  const call = async (client: Client, method: 'get' | 'post' | 'put', path: string, body?: object) => {
    const pending = request(demo.server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set('Accept', 'application/json').set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const must = async <T = Record<string, unknown>>(client: Client, method: 'get' | 'post' | 'put', path: string, body?: object): Promise<T> => {
    const res = await call(client, method, path, body);
    if (res.status >= 300) throw new Error(`${client.email} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };

  it("tells a mentioned member of a post they may see, not one of a hidden group they are not in; reading brings the bell and the group's count down", async () => {
    const { admin, member } = clients;
    const categorySlug = (await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories')).group_categories[0].slug;
    const { slug: hidden } = await must<{ slug: string }>(admin, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Board room', access: 'hidden' } });
    expect((await must<GroupDetailDto>(admin, 'get', `/api/v1/groups/${hidden}`)).access).toBe('hidden');
    const before = await must<NotificationsResponse>(member, 'get', '/api/v1/notifications');
    await must(member, 'post', '/api/v1/notifications/read', { up_to: Math.max(before.newest_position, 1) });

    await must(admin, 'post', `/api/v1/activitystreams/${hidden}/activities`, { content: `<p>Secret ${mentionMarkup(member.id, 'Max Member')}</p>` });
    const { id } = await must<{ id: string }>(admin, 'post', '/api/v1/activitystreams/network/activities', { content: `<p>Welcome ${mentionMarkup(member.id, 'Max Member')}</p>` });
    const mine = await must<NotificationsResponse>(member, 'get', '/api/v1/notifications');
    expect(mine.notifications.filter((n) => !n.read).map((n) => [n.kind, n.subject.html_url])).toEqual([['mentioned', `/activities/${id}`]]);
    const unreads = await must<UnreadsResponse>(member, 'get', '/api/v1/unreads');
    expect(unreads.notifications).toBe(1);
    expect(unreads.features.Activitystreams).toBeGreaterThanOrEqual(1);

    await must(member, 'post', '/api/v1/notifications/read', { up_to: mine.newest_position });
    await must(member, 'post', '/api/v1/activitystreams/all/read', { up_to: position });
    const after = await must<UnreadsResponse>(member, 'get', '/api/v1/unreads');
    expect([after.notifications, after.features.Activitystreams, after.activities.total]).toEqual([0, 0, 0]);
  });

  it("an abuse report, once the network enables them, reaches the network administrators' bell and nobody else's", async () => {
    const { admin, member, auditor } = clients;
    expect((await call(member, 'post', '/report', { url: '/activitystreams', reason: 'Spam' })).status).toBe(422);
    const settings = await must<{ basic: Record<string, unknown> }>(admin, 'get', '/administration/settings');
    await must(admin, 'put', '/administration/settings', { basic: { ...settings.basic, abuse_reports_enabled: true } });
    const { id } = await must<{ id: string }>(member, 'post', '/report', { url: '/activitystreams', reason: 'Spam in the network stream' });
    const bell = await must<NotificationsResponse>(admin, 'get', '/api/v1/notifications');
    expect(bell.notifications.find((n) => n.kind === 'abuse_reported')).toMatchObject({ actor: { id: member.id }, subject: { type: 'abuse_report', id, name: 'Spam in the network stream', html_url: '/activitystreams' }, read: false });
    for (const other of [member, auditor]) expect((await must<NotificationsResponse>(other, 'get', '/api/v1/notifications')).notifications.some((n) => n.kind === 'abuse_reported')).toBe(false);
  });

  it('membership settings: for every role, the flags GET answers are what PUT enforces', async () => {
    for (const [name, client] of Object.entries(clients)) {
      // nobody reads or changes another member's settings
      const other = name === 'admin' ? clients.member : clients.admin;
      expect((await call(client, 'get', `/members/${other.id}/settings`)).status).toBe(403);
      expect((await call(client, 'put', `/members/${other.id}/settings`, DEFAULT_MEMBERSHIP_SETTINGS)).status).toBe(403);

      const own = await must<MembershipSettingsResponse>(client, 'get', `/members/${client.id}/settings`);
      expect(own.can.edit).toBe(true);
      const withAdminMails = { ...own.settings, email_admin_notifications: [...EMAIL_ADMIN_NOTIFICATION_KEYS] };
      expect((await call(client, 'put', `/members/${client.id}/settings`, withAdminMails)).status).toBe(own.can.tabs.email_admin_notifications ? 200 : 422);
      const daily = { ...own.settings, email_admin_notifications: [], email_daily_digests: { ...own.settings.email_daily_digests, enabled: true } };
      expect((await call(client, 'put', `/members/${client.id}/settings`, daily)).status).toBe(own.can.tabs.email_daily_digests ? 200 : 422);
      const digests = { ...own.settings, email_admin_notifications: [], email_digests: { ...own.settings.email_digests, enabled: true } };
      expect((await call(client, 'put', `/members/${client.id}/settings`, digests)).status).toBe(own.can.tabs.email_digests ? 200 : 422);
      expect((await must<MembershipSettingsResponse>(client, 'get', `/members/${client.id}/settings`)).settings.email_digests.enabled).toBe(own.can.tabs.email_digests);
    }
    // both answers were exercised: administrator mails are offered to network administrators only
    expect((await must<MembershipSettingsResponse>(clients.admin, 'get', `/members/${clients.admin.id}/settings`)).can.tabs.email_admin_notifications).toBe(true);
    expect((await must<MembershipSettingsResponse>(clients.member, 'get', `/members/${clients.member.id}/settings`)).can.tabs.email_admin_notifications).toBe(false);
    // 'me' reads the signed-in member's own settings
    expect(await must<MembershipSettingsResponse>(clients.member, 'get', '/members/me/settings')).toEqual(
      await must<MembershipSettingsResponse>(clients.member, 'get', `/members/${clients.member.id}/settings`),
    );
  });
});
