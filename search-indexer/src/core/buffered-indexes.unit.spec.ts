import type { CollectionWrites, SearchCollection, SearchDocument } from '@cn/platform';
import { bufferedIndexes, type SourceCollection, type SourceDocument } from './buffered-indexes';
import { searchIndexDefinition } from './search-feature';

interface Doc extends SearchDocument {
  id: string;
  name: string;
}

/** an index that records the calls it receives */
const recordingIndex = (initial: Doc[] = []) => {
  const docs = new Map(initial.map((doc) => [doc.id, doc]));
  const calls: string[] = [];
  const collection: SearchCollection<Doc> = {
    upsert: (items) => {
      calls.push(`upsert ${items.map((doc) => `${doc.id}=${doc.name}`).join(',')}`);
      for (const doc of items) docs.set(doc.id, doc);
      return Promise.resolve();
    },
    delete: (ids) => {
      calls.push(`delete ${ids.join(',')}`);
      for (const id of ids) docs.delete(id);
      return Promise.resolve();
    },
    // as Meilisearch's partial update: merged into the document, or a document of these fields made
    merge: (items) => {
      calls.push(`merge ${items.map((fields) => `${fields.id}=${fields.name}`).join(',')}`);
      for (const fields of items) docs.set(fields.id, { ...docs.get(fields.id), ...fields } as Doc);
      return Promise.resolve();
    },
    clear: () => Promise.resolve(docs.clear()),
    get: (id) => Promise.resolve(docs.get(id) ?? null),
    search: () => {
      calls.push('search');
      return Promise.resolve({ hits: [...docs.values()], total: docs.size });
    },
  };
  return { docs, calls, collection };
};

/** the search side's copies, in memory (the document store's role), with the ids it was asked for */
const memorySources = (initial: Doc[] = []) => {
  const docs = new Map<string, SourceDocument>(initial.map((doc) => [doc.id, { _id: doc.id, doc }]));
  const reads: string[] = [];
  const collection: SourceCollection = {
    name: 'search_source_people',
    get: (id: string) => {
      reads.push(id);
      return Promise.resolve(docs.get(id) ?? null);
    },
    write: (changes) => {
      for (const { id, doc } of changes) {
        if (doc) docs.set(id, doc);
        else docs.delete(id);
      }
      return Promise.resolve();
    },
    clear: () => Promise.resolve(docs.clear()),
  };
  return { docs, reads, sourceOf: () => collection };
};

const people = searchIndexDefinition<Doc>('people', { searchableAttributes: ['name'], filterableAttributes: ['id'] });
const pets = searchIndexDefinition<Doc>('pets', { searchableAttributes: ['name'], filterableAttributes: ['id'] });

describe('a batch of search writes', () => {
  it('reads its own writes, and sends each index one upsert and one delete with the last word on each id', async () => {
    const index = recordingIndex([{ id: 'a', name: 'Ada' }, { id: 'b', name: 'Bob' }]);
    const sources = memorySources([{ id: 'a', name: 'Ada' }, { id: 'b', name: 'Bob' }]);
    const batch = bufferedIndexes(() => Promise.resolve(index.collection as never), sources.sourceOf);
    const collection = await batch.open(people);
    await collection.upsert([{ id: 'a', name: 'Ada L.' }]);
    await collection.upsert([{ id: 'c', name: 'Cy' }]);
    await collection.upsert([{ id: 'a', name: 'Ada Lovelace' }]);
    await collection.delete(['b']);
    await collection.upsert([{ id: 'd', name: 'Di' }]);
    await collection.delete(['d']);
    expect(await collection.get('a')).toEqual({ id: 'a', name: 'Ada Lovelace' });
    expect(await collection.get('b')).toBeNull();
    expect(index.calls).toEqual([]);
    await batch.flush();
    expect(index.calls).toEqual(['upsert a=Ada Lovelace,c=Cy', 'delete b,d']);
    expect([...index.docs.keys()].sort()).toEqual(['a', 'c']);
    expect([...sources.docs.keys()].sort()).toEqual(['a', 'c']);
  });

  it('sends an index that takes both at once (Meilisearch) one write with the documents and the deletions', async () => {
    const index = recordingIndex([{ id: 'b', name: 'Bob' }]);
    const writes: Array<{ upsert: readonly Doc[]; delete: readonly string[] }> = [];
    const combined: SearchCollection<Doc> = {
      ...index.collection,
      write: (changes) => {
        writes.push(changes);
        return Promise.resolve();
      },
    };
    const batch = bufferedIndexes(() => Promise.resolve(combined as never), memorySources([{ id: 'b', name: 'Bob' }]).sourceOf, () => Promise.resolve());
    const collection = await batch.open(people);
    await collection.upsert([{ id: 'a', name: 'Ada' }]);
    await collection.delete(['b']);
    await batch.flush();
    expect(writes).toEqual([{ upsert: [{ id: 'a', name: 'Ada' }], delete: ['b'] }]);
    expect(index.calls).toEqual([]);
  });

  it('builds on its own copies, never on what the index answers (an asynchronous engine may answer an older document)', async () => {
    // the index still holds the old name: its task for the rename has not run yet
    const index = recordingIndex([{ id: 'a', name: 'Ada (stale)' }]);
    const sources = memorySources([{ id: 'a', name: 'Ada Lovelace' }]);
    const batch = bufferedIndexes(() => Promise.resolve({ ...index.collection, get: () => Promise.reject(new Error('the index was read back')) } as never), sources.sourceOf);
    const collection = await batch.open(people);
    const current = await collection.get('a');
    expect(current).toEqual({ id: 'a', name: 'Ada Lovelace' });
    await collection.upsert([{ ...(current as Doc), name: `${(current as Doc).name}, Countess` }]);
    await batch.flush();
    expect(index.docs.get('a')).toEqual({ id: 'a', name: 'Ada Lovelace, Countess' });
    expect(sources.docs.get('a')).toEqual({ _id: 'a', doc: { id: 'a', name: 'Ada Lovelace, Countess' } });
    expect(await collection.get('missing')).toBeNull();
    expect(sources.reads).toEqual(['a', 'missing']);
  });

  it('merges fields into documents it did not write through the index alone, and deletes again what a merge made of a deleted one', async () => {
    interface Person extends Doc {
      city?: string;
    }
    // b was deleted by another writer after this batch found it: its copy is gone, the index's delete is to come
    const index = recordingIndex([{ id: 'a', name: 'Ada' }, { id: 'c', name: 'Cy' }, { id: 'd', name: 'Di' }]);
    const sources = memorySources([{ id: 'a', name: 'Ada' }, { id: 'c', name: 'Cy' }, { id: 'd', name: 'Di' }]);
    const commits: Array<readonly CollectionWrites[]> = [];
    const batch = bufferedIndexes(() => Promise.resolve(index.collection as never), sources.sourceOf, (writes) => {
      commits.push(writes);
      return Promise.resolve();
    });
    const collection = (await batch.open(people)) as unknown as SearchCollection<Person>;
    await collection.merge([{ id: 'a', name: 'Ada L.' }, { id: 'b', name: 'Bob' }]);
    await collection.merge([{ id: 'a', city: 'London' }]);
    // a document the batch writes whole takes a merge in; one it deletes stays deleted
    await collection.upsert([{ id: 'c', name: 'Cy' }]);
    await collection.merge([{ id: 'c', city: 'Paris' }]);
    await collection.delete(['d']);
    await collection.merge([{ id: 'd', city: 'Rome' }]);
    expect(await collection.get('a')).toEqual({ id: 'a', name: 'Ada L.', city: 'London' });
    await batch.flush();
    expect(index.calls).toEqual(['upsert c=Cy', 'delete d', 'merge a=Ada L.,b=Bob', 'delete b']);
    expect(index.docs.get('a')).toEqual({ id: 'a', name: 'Ada L.', city: 'London' });
    expect(index.docs.get('c')).toEqual({ id: 'c', name: 'Cy', city: 'Paris' });
    expect([...index.docs.keys()].sort()).toEqual(['a', 'c']);
    // the copies hold what was written whole, never a merge
    expect(sources.docs.get('a')).toEqual({ _id: 'a', doc: { id: 'a', name: 'Ada' } });
    expect(commits).toEqual([[{ collection: 'search_source_people', changes: [{ id: 'c', doc: { _id: 'c', doc: { id: 'c', name: 'Cy', city: 'Paris' } } }, { id: 'd', doc: null }] }]]);
    // a batch of merges only commits no copy, but commits (a fenced batch is refused whole)
    const merging = bufferedIndexes(() => Promise.resolve(index.collection as never), sources.sourceOf, (writes) => {
      commits.push(writes);
      return Promise.resolve();
    });
    await (await merging.open(people)).merge([{ id: 'a', name: 'Ada' }]);
    expect(await merging.flush()).toBe(true);
    expect(commits[1]).toEqual([]);
    expect(index.docs.get('a')).toEqual({ id: 'a', name: 'Ada', city: 'London' });
  });

  it('writes what the batch holds before a search, so that the search finds it', async () => {
    const index = recordingIndex();
    const batch = bufferedIndexes(() => Promise.resolve(index.collection as never), memorySources().sourceOf);
    const collection = await batch.open(people);
    await collection.upsert([{ id: 'a', name: 'Ada' }]);
    expect((await collection.search({ q: '' })).hits).toEqual([{ id: 'a', name: 'Ada' }]);
    expect(index.calls).toEqual(['upsert a=Ada', 'search']);
    await batch.flush();
    expect(index.calls).toEqual(['upsert a=Ada', 'search']);
  });

  it('opens an index once per batch', async () => {
    const index = recordingIndex();
    let opened = 0;
    const batch = bufferedIndexes(() => {
      opened += 1;
      return Promise.resolve(index.collection as never);
    }, memorySources().sourceOf);
    expect(await batch.open(people)).toBe(await batch.open(people));
    expect(opened).toBe(1);
  });

  it('commits every index\'s copies in one call before writing any index, and writes no index when the commit is refused', async () => {
    const indexes = { people: recordingIndex(), pets: recordingIndex() };
    const open = (definition: { name: string }) => Promise.resolve(indexes[definition.name as 'people' | 'pets'].collection as never);
    const sourceOf = (name: string) => ({ ...memorySources().sourceOf(), name: `search_source_${name}` });
    const commits: Array<readonly CollectionWrites[]> = [];
    let refuse = false;
    const commit = (writes: readonly CollectionWrites[]): Promise<void> => {
      commits.push(writes);
      return refuse ? Promise.reject(new Error('fenced')) : Promise.resolve();
    };
    const batch = bufferedIndexes(open, sourceOf, commit);
    await (await batch.open(people)).upsert([{ id: 'a', name: 'Ada' }]);
    await (await batch.open(pets)).delete(['rex']);
    await batch.flush();
    expect(commits).toEqual([
      [
        { collection: 'search_source_people', changes: [{ id: 'a', doc: { _id: 'a', doc: { id: 'a', name: 'Ada' } } }] },
        { collection: 'search_source_pets', changes: [{ id: 'rex', doc: null }] },
      ],
    ]);
    expect([indexes.people.calls, indexes.pets.calls]).toEqual([['upsert a=Ada'], ['delete rex']]);
    // a refused commit (the fence) leaves every index as it was
    refuse = true;
    const refused = bufferedIndexes(open, sourceOf, commit);
    await (await refused.open(people)).upsert([{ id: 'b', name: 'Bob' }]);
    await expect(refused.flush()).rejects.toThrow('fenced');
    expect([indexes.people.calls, indexes.pets.calls]).toEqual([['upsert a=Ada'], ['delete rex']]);
  });
});
