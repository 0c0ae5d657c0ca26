import { type GroupCategoriesResponse, type NetworkResponse, type StatisticsResponse } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { requestCaller } from './testing/signed-in-client';

/**
 * Statistics through the one-process server: the network's for auditors and administrators (as the `can`
 * flags say), a group's for its administrators only, the range rules answered 400 with field and key.
 */
describe('statistics', () => {
  const demo = useDemoServer('statistics');
  const { clients } = demo;
  const today = new Date().toISOString().slice(0, 10);
  const call = requestCaller(() => demo.server);

  it("counts today's members, active members, events and commands from the log", async () => {
    const res = await call(clients.admin, 'get', `/administration/statistics?from=${today}&to=${today}`).expect(200);
    const body = res.body as StatisticsResponse;
    expect(body).toMatchObject({ scope: 'network', from: today, to: today, storage_bytes: null });
    const [day] = body.days;
    expect(day.members).toBeGreaterThanOrEqual(4);
    expect(day.active_members).toBeGreaterThanOrEqual(1);
    expect(day.commands).toBeGreaterThan(0);
    expect(day.commands).toBeLessThanOrEqual(day.events);
    // the default range: the last 30 days, today last
    const fallback = (await call(clients.auditor, 'get', '/administration/statistics').expect(200)).body as StatisticsResponse;
    expect(fallback.days).toHaveLength(30);
    expect(fallback.days[29]).toEqual(day);
    expect(fallback.days[0]).toMatchObject({ events: 0, members: 0 });
  });

  it('answers 400 naming the field for a bad range', async () => {
    const bad = async (query: string): Promise<unknown> => (await call(clients.admin, 'get', `/administration/statistics?${query}`).expect(400)).body.errors as unknown;
    expect(await bad('from=2026-13-01')).toEqual([{ field: 'from', key: 'invalid_format' }]);
    expect(await bad('from=2026-11-10&to=2026-11-01')).toEqual([{ field: 'to', key: 'too_small' }]);
    expect(await bad('from=2024-01-01&to=2025-06-01')).toEqual([{ field: 'to', key: 'too_big' }]);
    expect(await bad('unknown=1')).toEqual([expect.objectContaining({ key: expect.any(String) })]);
  });

  it('lets auditors and administrators read the network statistics, as the network flags say, and a group admin their group', async () => {
    for (const role of ['member', 'guest', 'auditor', 'admin'] as const) {
      const can = ((await call(clients[role], 'get', '/api/v1/network').expect(200)).body as NetworkResponse).can;
      const res = await call(clients[role], 'get', '/administration/statistics');
      expect({ role, status: res.status }).toEqual({ role, status: can.audit ? 200 : 403 });
    }
    const categorySlug = ((await call(clients.admin, 'get', '/api/v1/group_categories').expect(200)).body as GroupCategoriesResponse).group_categories[0].slug;
    const { slug } = (await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Statistics choir' } }).expect(201)).body as { slug: string };
    const own = (await call(clients.member, 'get', `/groups/${slug}/administration/statistics?from=${today}&to=${today}`).expect(200)).body as StatisticsResponse;
    expect(own).toMatchObject({ scope: 'group', days: [expect.objectContaining({ date: today, members: 1 })] });
    await call(clients.admin, 'get', `/groups/${slug}/administration/statistics`).expect(200);
    await call(clients.guest, 'get', `/groups/${slug}/administration/statistics`).expect(403);
    await call(clients.auditor, 'get', `/groups/${slug}/administration/statistics`).expect(403);
    await call(clients.member, 'get', '/groups/no-such-group/administration/statistics').expect(404);
  });
});
