import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  DEFAULT_NETWORK_SETTINGS,
  DEFAULT_NETWORK_ID,
  memberStream,
  networkStream,
  type DirectoryMembersResponse,
} from '@cn/contracts';
import { startSearchHarness, type SearchHarness } from '../__tests__/harness';
import { CONNECTIONS_COLLECTION, PRESENCE_STALE_SECONDS } from '@cn/contracts';

describe('GET /directory/members', () => {
  let h: SearchHarness & { dir: string };
  let head = 0;
  const directory = (query: Record<string, string | number> = {}, cookie = h.cookie('anna')) =>
    request(h.server).get('/directory/members').query(query).set('Cookie', cookie).set(CONSISTENCY_HEADER, String(head));
  const names = (res: request.Response) => (res.body as DirectoryMembersResponse).entries.map((e) => e.displayName);

  beforeAll(async () => {
    h = await startSearchHarness();
    await h.register('anna', 'Anna', 'Zander');
    await h.register('bert', 'Bert', 'Yilmaz', { external: true });
    await h.register('carl', 'Carl', 'Ackermann');
    head = await h.append(memberStream('carl'), 'MemberPresenceChanged', { member_id: 'carl', type: 'invisible', text: 'gone' }, 'carl');
  });
  afterAll(() => h.close());

  it('lists by the default sort (last name) with pagination', async () => {
    const res = await directory({ per_page: 2 }).expect(200);
    expect(names(res)).toEqual(['Carl Ackermann', 'Bert Yilmaz']);
    expect((res.body as DirectoryMembersResponse).pagination).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    expect(names(await directory({ per_page: 2, page: 2 }).expect(200))).toEqual(['Anna Zander']);
  });

  it('finds a member by a prefix of the last name, with personal data revealed', async () => {
    const res = await directory({ q: 'Ack' }).expect(200);
    const body = res.body as DirectoryMembersResponse;
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]).toMatchObject({ id: 'carl', first_name: 'Carl', last_name: 'Ackermann', path: '/members/carl' });
    // invisible: no status for others
    expect(body.entries[0]?.status).toBeUndefined();
    const own = (await directory({ q: 'Ack' }, h.cookie('carl')).expect(200)).body as DirectoryMembersResponse;
    expect(own.entries[0]?.status).toEqual({ type: 'invisible', text: 'gone' });
  });

  it('shows presence by the connection: online with an open console (as the realtime service records it), offline without, stale entries ignored', async () => {
    const status = async (q: string) => ((await directory({ q }).expect(200)).body as DirectoryMembersResponse).entries[0]?.status;
    expect(await status('Yil')).toBeUndefined();
    const connections = h.infra.documentStore.collection(CONNECTIONS_COLLECTION);
    await connections.upsert({ _id: 'p1:bert', _position: 0, member_id: 'bert', seen_at: new Date().toISOString() });
    expect(await status('Yil')).toEqual({ type: 'online', text: '' });
    await connections.upsert({ _id: 'p1:bert', _position: 0, member_id: 'bert', seen_at: new Date(Date.now() - (PRESENCE_STALE_SECONDS + 1) * 1000).toISOString() });
    expect(await status('Yil')).toBeUndefined();
    await connections.delete('p1:bert');
  });

  it('follows the network default sort, also after a restart without replay', async () => {
    head = await h.append(
      networkStream(DEFAULT_NETWORK_ID),
      'NetworkMemberSettingsChanged',
      { network_id: DEFAULT_NETWORK_ID, member: { ...DEFAULT_NETWORK_SETTINGS.member, directory_default_sort: 'first_name' }, changed_fields: ['directory_default_sort'] },
      'anna',
    );
    expect(names(await directory().expect(200))).toEqual(['Anna Zander', 'Bert Yilmaz', 'Carl Ackermann']);

    const dir = h.dir;
    await h.stop();
    h = await startSearchHarness(dir);
    head = 0;
    expect(await h.infra.searchIndex.getCheckpoint('search-indexer')).toBeGreaterThan(0);
    expect(names(await directory().expect(200))).toEqual(['Anna Zander', 'Bert Yilmaz', 'Carl Ackermann']);
  });

  it('removes erased members', async () => {
    head = await h.append(memberStream('bert'), 'MemberErased', { member_id: 'bert' }, 'anna');
    await h.infra.keyStore.destroy('bert');
    expect(names(await directory().expect(200))).toEqual(['Anna Zander', 'Carl Ackermann']);
  });

  it('validates page and per_page and needs a session', async () => {
    const bad = await directory({ page: 0 }).expect(400);
    expect(bad.body).toMatchObject({ error: 'validation_failed', errors: [{ field: 'page', key: 'too_small' }] });
    await directory({ page: 'x' }).expect(400);
    await directory({ per_page: 101 }).expect(400);
    await request(h.server).get('/directory/members').expect(401);
  });
});

