import { randomUUID } from 'node:crypto';
import { eventRegistry, type GroupAccess } from '@cn/contracts';
import { createInfrastructure, loadConfig, type Infrastructure } from '@cn/platform';
import { createPartitionedTestBus, createTempDir, eventually, meilisearchTestRun, partitionOfStream, type PartitionedTestBus } from '@cn/platform/testing';
import { groupDetails } from '../__tests__/memory-index';
import type { SearchIndexerRuntime } from '../core/search-core';
import { createSearchRuntime } from '../search-runtime';
import { ACTIVITIES_INDEX_DEFINITION, type ActivitySearchDocument } from './activities-index';
import { activitiesSearchFeature } from './activities.module';

/**
 * The activities' search documents on a bus with two partitions, each followed by its own search indexer
 * replica on one document store and one search index (issue 16): one replica indexes a post's events while
 * the other indexes its group's change of access. Each replica's commit of a batch can be held (a latch),
 * so the two interleave in the order that would lose a write: whatever that order, the index ends with the
 * post's last text and the group's last audience, and a deleted post stays deleted. The search index is the
 * embedded one, or the Meilisearch server named by MEILI_URL (key MEILI_KEY) when set.
 */
jest.setTimeout(120_000);

const PARTITIONS = 2;
const meilisearch = meilisearchTestRun('activities-replicas');
const OPEN = (group: string): string[] => ['admin', 'internal', `g:${group}`, `i:${group}`];
const HIDDEN = (group: string): string[] => ['admin', `g:${group}`];

/** a one-time signal: `opened` resolves once `open` is called */
const latch = (): { open: () => void; opened: Promise<void> } => {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

/** a stream id (`<kind>-<uuid>`) the partitioned bus puts on `partition` */
const streamOn = (kind: string, partition: number): { id: string; stream: string } => {
  for (;;) {
    const id = randomUUID();
    if (partitionOfStream(`${kind}-${id}`, PARTITIONS) === partition) return { id, stream: `${kind}-${id}` };
  }
};

type Replica = 'posts' | 'groups';
/** a replica's next commit (a batch's or its settle step's `writeAll`), held until released */
interface HeldCommit {
  reached: Promise<void>;
  release(): void;
}

describe('activities search on a partitioned bus with two replicas: no update is lost to a concurrent change of the group', () => {
  let temp: ReturnType<typeof createTempDir>;
  let infra: Infrastructure;
  let bus: PartitionedTestBus;
  const replicas: SearchIndexerRuntime[] = [];
  const holds = new Map<Replica, Array<{ reached: () => void; released: Promise<void> }>>([
    ['posts', []],
    ['groups', []],
  ]);
  const holdNextCommit = (replica: Replica): HeldCommit => {
    const reached = latch();
    const released = latch();
    holds.get(replica)?.push({ reached: reached.open, released: released.opened });
    return { reached: reached.opened, release: released.open };
  };
  /** the replica's documents store: its `writeAll` (every batch's commit) waits while a hold is armed */
  const heldStore = (replica: Replica): Infrastructure['documentStore'] => ({
    ...infra.documentStore,
    writeAll: async (writes) => {
      const hold = holds.get(replica)?.shift();
      if (hold) {
        hold.reached();
        await hold.released;
      }
      return infra.documentStore.writeAll(writes);
    },
  });

  /** appends one event, answering its position */
  const append = async (stream: string, type: string, data: Record<string, unknown>): Promise<number> => {
    const { position } = await infra.eventStore.append(
      stream,
      [{ id: randomUUID(), type, data, metadata: { memberId: null, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: eventRegistry.get(type)?.version ?? 1 } }],
      { expectedRevision: 'any' },
    );
    return position;
  };
  /** the replica applied the event at `position` (its batch and the batch's settle step are done) */
  const applied = (replica: Replica, position: number) => eventually(() => replicas[replica === 'posts' ? 0 : 1].projector.position() >= position, 30_000);
  const groupCreated = (group: { id: string; stream: string }, access: GroupAccess) =>
    append(group.stream, 'GroupCreated', { group_id: group.id, slug: group.id, name: 'Quartet', group_category_id: null, access });
  const accessChanged = (group: { id: string; stream: string }, access: GroupAccess) =>
    append(group.stream, 'GroupDetailsChanged', {
      group_id: group.id,
      details: groupDetails('Quartet', access, false),
      changed_fields: ['access'],
    });
  const posted = (post: { id: string; stream: string }, group: string, text: string) =>
    append(post.stream, 'ActivityPosted', { activity_id: post.id, group_id: group, author_id: 'ann', html_content: `<p>${text}</p>`, attachments: [] });
  const edited = (post: { id: string; stream: string }, text: string) => append(post.stream, 'ActivityEdited', { activity_id: post.id, html_content: `<p>${text}</p>`, attachments: null });
  const activities = () => infra.searchIndex.index<ActivitySearchDocument>(ACTIVITIES_INDEX_DEFINITION.name, ACTIVITIES_INDEX_DEFINITION.settings);
  const indexed = async (id: string): Promise<ActivitySearchDocument | null> => (await activities()).get(id);
  /** the index holds the post with this text and audience */
  const indexedAs = async (id: string, text: string, audience: string[]): Promise<boolean> => {
    const doc = await indexed(id);
    return doc?.text === text && JSON.stringify(doc.audience) === JSON.stringify(audience);
  };
  /** a group (on the groups replica's partition) with a post in it (on `postPartition`), both indexed */
  const groupWithPost = async (postPartition: number, text: string) => {
    const group = streamOn('group', 1);
    const post = streamOn('activity', postPartition);
    await applied('groups', await groupCreated(group, 'open'));
    await applied(postPartition === 0 ? 'posts' : 'groups', await posted(post, group.id, text));
    expect(await indexedAs(post.id, text, OPEN(group.id))).toBe(true);
    return { group, post };
  };

  beforeAll(async () => {
    temp = createTempDir('cn-activities-replicas');
    infra = await createInfrastructure(loadConfig({ DATA_DIR: temp.dir, SESSION_SECRET: 'activities-replicas-secret-0123456789abcdef', LOG_LEVEL: 'error', ...meilisearch.env }), {
      service: 'activities-replicas-test',
    });
    bus = createPartitionedTestBus(infra.eventStore, PARTITIONS);
    replicas.push(createSearchRuntime({ ...infra, documentStore: heldStore('posts'), bus: bus.replica([0]) }, [activitiesSearchFeature]));
    replicas.push(createSearchRuntime({ ...infra, documentStore: heldStore('groups'), bus: bus.replica([1]) }, [activitiesSearchFeature]));
    for (const replica of replicas) await replica.start();
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.stop();
    await bus.close();
    await infra.close();
    temp.remove();
    await meilisearch.removeIndexes();
  });

  it('keeps a post edited on one replica while the other, holding its copy, turns the group hidden: the edited text with the new audience', async () => {
    const { group, post } = await groupWithPost(0, 'rehearsal on monday');
    // the groups replica computes the change (reading the post's documents) and is held before its commit
    const held = holdNextCommit('groups');
    const change = await accessChanged(group, 'hidden');
    await held.reached;
    // meanwhile the posts replica indexes the edit, whole: its text, the audience of the group as committed
    await applied('posts', await edited(post, 'rehearsal moved to tuesday'));
    expect(await indexedAs(post.id, 'rehearsal moved to tuesday', OPEN(group.id))).toBe(true);
    held.release();
    await applied('groups', change);
    expect(await indexed(post.id)).toMatchObject({ text: 'rehearsal moved to tuesday', audience: HIDDEN(group.id), kind: 'post', stream: group.id });
    const index = await activities();
    expect((await index.search({ q: 'tuesday', filter: { audience: `g:${group.id}` } })).hits.map((hit) => hit.id)).toEqual([post.id]);
    expect((await index.search({ q: 'tuesday', filter: { audience: 'internal' } })).total).toBe(0);
    expect((await index.search({ q: 'monday', filter: { audience: `g:${group.id}` } })).total).toBe(0);
  });

  it('keeps a post deleted on one replica while the other, holding it, turns the group hidden: no document comes back, not even a partial one', async () => {
    const { group, post } = await groupWithPost(0, 'sheet music for sale');
    const held = holdNextCommit('groups');
    const change = await accessChanged(group, 'hidden');
    await held.reached;
    await applied('posts', await append(post.stream, 'ActivityDeleted', { activity_id: post.id, group_id: group.id, deleted_by: 'ann' }));
    expect(await indexed(post.id)).toBeNull();
    held.release();
    await applied('groups', change);
    expect(await indexed(post.id)).toBeNull();
    const later = streamOn('activity', 0);
    await applied('posts', await posted(later, group.id, 'sheet music wanted'));
    expect(await indexedAs(later.id, 'sheet music wanted', HIDDEN(group.id))).toBe(true);
    const index = await activities();
    expect((await index.search({ q: '', filter: { audience: `g:${group.id}` } })).hits.map((hit) => hit.id)).toEqual([later.id]);
    expect((await index.search({ q: 'sale', filter: { audience: ['admin', `g:${group.id}`] } })).total).toBe(0);
  });

  it('keeps an edit of another post of the stream made while a settle step that writes the whole stream is held', async () => {
    // the second post is in the groups replica's partition: its edit is indexed there
    const { group, post: other } = await groupWithPost(1, 'tuning fork lost');
    const mine = streamOn('activity', 0);
    // the posts replica indexes a post from the group's state before a change it has not seen (held at its
    // commit while the groups replica indexes the change), so its settle step writes the group's stream again
    const batch = holdNextCommit('posts');
    const mineAt = await posted(mine, group.id, 'concert tickets');
    await batch.reached;
    await applied('groups', await accessChanged(group, 'hidden'));
    expect(await indexedAs(other.id, 'tuning fork lost', HIDDEN(group.id))).toBe(true);
    const settle = holdNextCommit('posts');
    batch.release();
    await settle.reached;
    // held at the settle step's commit, after it found the stream's documents: the other post is edited meanwhile
    await applied('groups', await edited(other, 'tuning fork found'));
    expect(await indexedAs(other.id, 'tuning fork found', HIDDEN(group.id))).toBe(true);
    settle.release();
    await applied('posts', mineAt);
    expect(await indexedAs(mine.id, 'concert tickets', HIDDEN(group.id))).toBe(true);
    expect(await indexedAs(other.id, 'tuning fork found', HIDDEN(group.id))).toBe(true);
  });
});
