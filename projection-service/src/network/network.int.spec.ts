import request from 'supertest';
import { CONSISTENCY_HEADER, DEFAULT_NETWORK_SETTINGS, type NetworkResponse } from '@cn/contracts';
import { csrfTokenFor } from '@cn/platform';
import { networkStreamId, startHarness, type Harness } from '../__tests__/harness';

describe('network API', () => {
  let h: Harness;
  let head = 0;
  beforeAll(async () => {
    h = await startHarness();
    await h.register('admin', 'Ada', 'Admin', { network_admin: true });
    await h.register('guest', 'Gus', 'Guest', { external: true });
    head = await h.register('plain', 'Paul', 'Plain');
  });
  afterAll(() => h.close());

  it('answers signed out with the defaults, no member and no CSRF token', async () => {
    const res = await request(h.server).get('/api/v1/network').expect(200);
    const body = res.body as NetworkResponse;
    expect(body.network).toMatchObject({ name: DEFAULT_NETWORK_SETTINGS.basic.name, show_online_status: 'optional', directory_default_sort: 'last_name' });
    expect(body.current_member).toBeNull();
    expect(body.csrf_token).toBeNull();
    expect(Object.values(body.can).some(Boolean)).toBe(false);
  });

  it('answers signed in with the member, abilities and the CSRF token of the session', async () => {
    const cookie = h.cookie('admin');
    const res = await request(h.server)
      .get('/api/v1/network')
      .set('Cookie', cookie)
      .set(CONSISTENCY_HEADER, String(head))
      .expect(200);
    const body = res.body as NetworkResponse;
    expect(body.current_member).toMatchObject({ id: 'admin', displayName: 'Ada Admin', is_network_admin: true, email: 'ada@example.org' });
    expect(body.can).toMatchObject({ administrate: true, audit: true, chat: true, set_status: true, set_invisible: true });
    const token = decodeURIComponent(cookie.split('=')[1] ?? '');
    expect(body.csrf_token).toBe(csrfTokenFor(token, h.infra.config.session));
  });

  it('reads its own settings write and computes abilities from it', async () => {
    const position = await h.append(
      networkStreamId,
      'NetworkMemberSettingsChanged',
      {
        network_id: 'default',
        member: { ...DEFAULT_NETWORK_SETTINGS.member, show_online_status: 'enabled', guest_users_allow_chat: false },
        changed_fields: ['show_online_status', 'guest_users_allow_chat'],
      },
      'admin',
    );
    const res = await request(h.server).get('/api/v1/network').set('Cookie', h.cookie('guest')).set(CONSISTENCY_HEADER, String(position)).expect(200);
    const body = res.body as NetworkResponse;
    expect(body.network.show_online_status).toBe('enabled');
    expect(body.network.position).toBe(position);
    expect(body.can).toMatchObject({ administrate: false, chat: false, set_status: true, set_invisible: false });
  });

  it('describes its routes in the OpenAPI document', async () => {
    const res = await request(h.server).get('/api/docs').expect(200);
    const paths = Object.keys((res.body as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/network', '/administration/settings', '/members/{id}', '/api/v1/audit/events']));
  });

  it('answers the settings to admins only', async () => {
    const res = await request(h.server).get('/administration/settings').set('Cookie', h.cookie('admin')).expect(200);
    expect(Object.keys(res.body as object).sort()).toEqual(['basic', 'join', 'mail', 'member']);
    const forbidden = await request(h.server).get('/administration/settings').set('Cookie', h.cookie('plain')).expect(403);
    expect(forbidden.body).toMatchObject({ statusCode: 403, error: 'forbidden' });
    await request(h.server).get('/administration/settings').expect(401);
  });
});
