import request from 'supertest';
import { CONSISTENCY_HEADER, DELETED_MEMBER_NAME, memberStream, type MemberDto } from '@cn/contracts';
import { startHarness, type Harness } from '../__tests__/harness';

describe('members API', () => {
  let h: Harness;
  let head = 0;
  beforeAll(async () => {
    h = await startHarness();
    await h.register('admin', 'Ada', 'Admin', { network_admin: true });
    await h.register('zoe', 'Zoe', 'Zimmer', { external: true });
    await h.register('bob', 'Bob', 'Baker');
    head = await h.append(memberStream('bob'), 'MemberPresenceChanged', { member_id: 'bob', type: 'invisible', text: 'hidden' }, 'bob');
  });
  afterAll(() => h.close());

  it('answers a member, invisible ones without status to others', async () => {
    const res = await request(h.server).get('/members/bob').set('Cookie', h.cookie('zoe')).set(CONSISTENCY_HEADER, String(head)).expect(200);
    expect(res.body).toMatchObject({ id: 'bob', displayName: 'Bob Baker', deleted: false, path: '/members/bob' });
    expect((res.body as MemberDto).status).toBeUndefined();
    const own = await request(h.server).get('/members/bob').set('Cookie', h.cookie('bob')).expect(200);
    expect((own.body as MemberDto).status).toEqual({ type: 'invisible', text: 'hidden' });
  });

  it('answers 404 for an unknown member and 401 signed out', async () => {
    const res = await request(h.server).get('/members/nobody').set('Cookie', h.cookie('zoe')).expect(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
    await request(h.server).get('/members/bob').expect(401);
  });

  it('lists members for react-admin with sort, range, filter and Content-Range', async () => {
    const res = await request(h.server)
      .get('/administration/members')
      .query({ sort: JSON.stringify(['last_name', 'DESC']), range: JSON.stringify([0, 1]) })
      .set('Cookie', h.cookie('admin'))
      .expect(200);
    expect((res.body as MemberDto[]).map((m) => m.id)).toEqual(['zoe', 'bob']);
    expect(res.headers['content-range']).toBe('members 0-1/3');
    const external = await request(h.server)
      .get('/administration/members')
      .query({ filter: JSON.stringify({ is_external: true }) })
      .set('Cookie', h.cookie('admin'))
      .expect(200);
    expect((external.body as MemberDto[]).map((m) => m.id)).toEqual(['zoe']);
    const q = await request(h.server)
      .get('/administration/members')
      .query({ filter: JSON.stringify({ q: 'bak' }) })
      .set('Cookie', h.cookie('admin'))
      .expect(200);
    expect((q.body as MemberDto[]).map((m) => m.id)).toEqual(['bob']);
    await request(h.server).get('/administration/members').set('Cookie', h.cookie('bob')).expect(403);
  });

  it('shows an erased member as deleted and drops it from the admin list', async () => {
    const position = await h.append(memberStream('zoe'), 'MemberErased', { member_id: 'zoe' }, 'admin');
    await h.infra.keyStore.destroy('zoe');
    const res = await request(h.server).get('/members/zoe').set('Cookie', h.cookie('bob')).set(CONSISTENCY_HEADER, String(position)).expect(200);
    expect(res.body).toMatchObject({ deleted: true, displayName: DELETED_MEMBER_NAME, first_name: '', last_name: '' });
    const list = await request(h.server).get('/administration/members').set('Cookie', h.cookie('admin')).expect(200);
    expect(list.headers['content-range']).toBe('members 0-1/2');
  });
});
