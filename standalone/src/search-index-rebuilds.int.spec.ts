import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER, groupStream, projectionRebuildStream, searchIndexRebuildTarget, type GlobalSearchResponse, type NetworkResponse, type ProjectionRebuildDto } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { httpCaller } from './testing/signed-in-client';

/**
 * A search feature's indexes rebuilt blue/green from the auditor's console (issue 16), all services in one
 * process: only network administrators ask (`POST /api/v1/audit/projections/searchindex_<feature>/rebuilds`),
 * auditors watch; the live indexes answer every search while the new ones are built, and the swap leaves
 * no moment without them; hidden groups stay hidden throughout.
 */
jest.setTimeout(120_000);

const REBUILDS = '/api/v1/audit/projections/rebuilds';
const rebuildPath = (target: string) => `/api/v1/audit/projections/${target}/rebuilds`;
const GROUPS = searchIndexRebuildTarget('groups');
const OPEN_GROUPS = 1500;
const WORD = 'Rebuildgroup';

describe('search index rebuilds over HTTP', () => {
  const demo = useDemoServer('search-rebuilds');
  const { call, must, request } = httpCaller(() => demo.server);
  // what an open console asks meanwhile: without waiting for a position (the search projector pauses while rebuilding)
  const watching = httpCaller(() => demo.server);

  it('answers every role as its can flags say: administrators rebuild, auditors watch', async () => {
    const streamBefore = await demo.running.infra.eventStore.readStream(projectionRebuildStream(GROUPS));
    for (const name of ['admin', 'member', 'guest', 'auditor'] as const) {
      const { can } = await must<NetworkResponse>(demo.clients[name], 'get', '/api/v1/network');
      expect([name, (await call(demo.clients[name], 'get', REBUILDS)).status]).toEqual([name, can.audit ? 200 : 403]);
      // a feature nobody keeps: past the guard 404, refused by it 403
      expect([name, (await call(demo.clients[name], 'post', rebuildPath('searchindex_nothing'))).status]).toEqual([name, can.administrate ? 404 : 403]);
      if (!can.administrate) expect([name, (await call(demo.clients[name], 'post', rebuildPath(GROUPS))).status]).toEqual([name, 403]);
    }
    expect(await demo.running.infra.eventStore.readStream(projectionRebuildStream(GROUPS))).toEqual(streamBefore);
  });

  it('keeps answering every search while the groups index is rebuilt and swapped in, hidden groups never found', async () => {
    const { admin, member, auditor } = demo.clients;
    const { eventStore } = demo.running.infra;
    const groupCreated = (id: string, access: 'open' | 'hidden') => ({
      id: randomUUID(),
      type: 'GroupCreated',
      data: { group_id: id, slug: id, name: `${WORD} ${id}`, group_category_id: null, access },
      metadata: { memberId: null, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
    });
    const ids = [...Array.from({ length: OPEN_GROUPS }, (_, i) => ({ id: `rb-open-${i}`, access: 'open' as const })), { id: 'rb-hidden', access: 'hidden' as const }];
    for (let i = 0; i < ids.length; i += 100) {
      await Promise.all(ids.slice(i, i + 100).map(({ id, access }) => eventStore.append(groupStream(id), [groupCreated(id, access)], { expectedRevision: 'no_stream' })));
    }
    let head = await eventStore.headPosition();
    // a page of the groups module, each a different question (answers are cached per query)
    let asked = 0;
    const searchPage = async () => {
      asked += 1;
      const sent = Date.now();
      const res = await watching.call(member, 'get', `/search.json?q=${WORD}&module=groups&page=${(asked % 40) + 1}`);
      return { status: res.status, total: (res.body as GlobalSearchResponse).pagination?.total ?? -1, sent, answered: Date.now() };
    };
    // the search projector indexes the groups one event at a time: wait until all are in
    for (let tries = 0; tries < 120 && (await searchPage()).total !== OPEN_GROUPS; tries += 1) await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await searchPage()).toMatchObject({ status: 200, total: OPEN_GROUPS });

    const asking = await call(admin, 'post', rebuildPath(GROUPS));
    expect(asking.status).toBe(201);
    const { id } = asking.body as { id: string };
    const answers: Array<{ status: number; total: number; state: string; sent: number; answered: number }> = [];
    let state = 'missing';
    let progressSeen = 0;
    const deadline = Date.now() + 60_000;
    while ((state === 'rebuilding' || state === 'missing') && Date.now() < deadline) {
      const [answer, rebuilds] = await Promise.all([searchPage(), watching.must<ProjectionRebuildDto[]>(auditor, 'get', REBUILDS)]);
      const mine = rebuilds.find((rebuild) => rebuild.id === id);
      state = mine?.state ?? 'missing';
      if (mine?.state === 'rebuilding') progressSeen = Math.max(progressSeen, mine.position);
      answers.push({ ...answer, state });
    }
    expect(state).toBe('switched');
    // every search asked during the rebuild and the swap was answered in full: no gap, no leak
    expect(answers.filter((answer) => answer.status !== 200 || answer.total !== OPEN_GROUPS)).toEqual([]);
    const [requestedAt, finishedAt] = (await eventStore.readStream(projectionRebuildStream(GROUPS))).map((event) => Date.parse(event.metadata.occurredAt));
    const during = answers.filter((answer) => answer.sent >= requestedAt && answer.sent <= finishedAt);
    process.stdout.write(`search rebuild of ${OPEN_GROUPS + 1} groups: ${finishedAt - requestedAt} ms, ${answers.length} searches, ${during.length} asked during it\n`);
    expect(during.length).toBeGreaterThan(0);
    const done = (await must<ProjectionRebuildDto[]>(auditor, 'get', REBUILDS)).find((rebuild) => rebuild.id === id);
    expect(done).toMatchObject({ collection: GROUPS, state: 'switched', error: null });
    expect(done?.position).toBeGreaterThanOrEqual(head);
    expect(progressSeen).toBeLessThanOrEqual(done?.position ?? 0);
    const recorded = (await eventStore.readStream(projectionRebuildStream(GROUPS))).map((event) => [event.type, (event.data as { outcome?: string }).outcome]);
    expect(recorded).toEqual([
      ['ProjectionRebuildRequested', undefined],
      ['ProjectionRebuildFinished', 'switched'],
    ]);
    expect(await demo.running.infra.documentStore.collection('_search_index_rebuild_progress').count()).toBe(0);

    // the admin finds the hidden group in the swapped index; the search follows the log again
    const adminAnswer = (await must<GlobalSearchResponse>(admin, 'get', `/search.json?q=${WORD}&module=groups`)).pagination?.total;
    expect(adminAnswer).toBe(OPEN_GROUPS + 1);
    await eventStore.append(groupStream('rb-after'), [groupCreated('rb-after', 'open')], { expectedRevision: 'no_stream' });
    head = await eventStore.headPosition();
    const after = await request(member, 'get', `/search.json?q=${WORD}&module=groups&sort_by=date,desc`).set(CONSISTENCY_HEADER, String(head));
    expect((after.body as GlobalSearchResponse).pagination?.total).toBe(OPEN_GROUPS + 1);
  });
});
