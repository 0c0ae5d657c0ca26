import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { IndexSettings, SearchCollection, SearchDocument, SearchIndex } from '@cn/platform/search-index';
import type { ContractTarget, Subject } from './contract-target';
import { describeContract } from './contract-target';

export type SearchIndexContractTarget = ContractTarget<Subject<SearchIndex>>;

interface Person extends SearchDocument {
  first_name: string;
  last_name: string;
  bio: string;
  city: string;
  groups: string[];
  active: boolean;
  age: number;
}

const settings: IndexSettings = {
  searchableAttributes: ['first_name', 'last_name', 'bio'],
  filterableAttributes: ['city', 'groups', 'active'],
  sortableAttributes: ['last_name', 'age'],
};

const people: Person[] = [
  { id: 'p1', first_name: 'Johanna', last_name: 'Schmidt', bio: 'plays the violin', city: 'Berlin', groups: ['music'], active: true, age: 34 },
  { id: 'p2', first_name: 'Peter', last_name: 'Johnson', bio: 'gardening and chess', city: 'Hamburg', groups: ['garden', 'chess'], active: true, age: 51 },
  { id: 'p3', first_name: 'Maria', last_name: 'Albrecht', bio: 'chess trainer', city: 'Berlin', groups: ['chess'], active: false, age: 28 },
  { id: 'p4', first_name: 'Lukas', last_name: 'Weber', bio: 'knows Johanna from school', city: 'Munich', groups: [], active: true, age: 45 },
];

const ids = (hits: SearchDocument[]): string[] => hits.map((hit) => hit.id);

export const describeSearchIndexContract = (adapterName: string, target: SearchIndexContractTarget): void =>
  describeContract(`${adapterName} search index`, target, (create) => {
    let index: SearchIndex;
    let cleanup: () => Promise<void>;
    let collection: SearchCollection<Person>;
    let indexName: string;
    beforeEach(async () => {
      ({ subject: index, cleanup } = await create());
      indexName = `contract_${randomUUID().replace(/-/g, '')}`;
      collection = await index.index<Person>(indexName, settings);
      await collection.upsert(people);
    });
    afterEach(async () => {
      await collection.clear();
      await cleanup();
    });

    it('gets one document by id, null for an id it does not hold', async () => {
      expect(await collection.get('p2')).toEqual(people[1]);
      expect(await collection.get('nobody')).toBeNull();
      await collection.delete(['p2']);
      expect(await collection.get('p2')).toBeNull();
    });

    it('lists every document for an empty query, with the total', async () => {
      const result = await collection.search({ q: '' });
      expect(ids(result.hits).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
      expect(result.total).toBe(4);
      expect(result.hits.find((hit) => hit.id === 'p1')).toEqual(people[0]);
    });

    it('finds by a word of any searchable attribute', async () => {
      expect(ids((await collection.search({ q: 'violin' })).hits)).toEqual(['p1']);
      expect(ids((await collection.search({ q: 'albrecht' })).hits)).toEqual(['p3']);
    });

    it('finds only documents that match every word of the query', async () => {
      expect(ids((await collection.search({ q: 'peter chess' })).hits)).toEqual(['p2']);
      expect(await collection.search({ q: 'peter violin' })).toEqual({ hits: [], total: 0 });
    });

    it('finds by prefix', async () => {
      expect(ids((await collection.search({ q: 'garde' })).hits)).toEqual(['p2']);
    });

    it('tolerates a typo in a longer word', async () => {
      expect(ids((await collection.search({ q: 'Schmidd' })).hits)).toContain('p1');
    });

    it('ranks a match in an earlier searchable attribute first', async () => {
      const hits = ids((await collection.search({ q: 'johanna' })).hits);
      expect(hits).toEqual(['p1', 'p4']);
    });

    it('does not search attributes that are not searchable', async () => {
      expect((await collection.search({ q: 'Hamburg' })).total).toBe(0);
    });

    it('filters by equality, any-of, booleans and array attributes', async () => {
      expect(ids((await collection.search({ q: '', filter: { city: 'Berlin' } })).hits).sort()).toEqual(['p1', 'p3']);
      expect(ids((await collection.search({ q: '', filter: { city: ['Hamburg', 'Munich'] } })).hits).sort()).toEqual(['p2', 'p4']);
      expect(ids((await collection.search({ q: '', filter: { active: false } })).hits)).toEqual(['p3']);
      expect(ids((await collection.search({ q: '', filter: { groups: 'chess', city: 'Berlin' } })).hits)).toEqual(['p3']);
      expect(ids((await collection.search({ q: 'chess', filter: { active: true } })).hits)).toEqual(['p2']);
    });

    it('sorts, pages with offset and limit, and counts the total before paging', async () => {
      const byName = await collection.search({ q: '', sort: [['last_name', 'asc']] });
      expect(ids(byName.hits)).toEqual(['p3', 'p2', 'p1', 'p4']);
      const byAge = await collection.search({ q: '', sort: [['age', 'desc']], offset: 1, limit: 2 });
      expect(ids(byAge.hits)).toEqual(['p4', 'p1']);
      expect(byAge.total).toBe(4);
      const chess = await collection.search({ q: 'chess', sort: [['age', 'asc']], limit: 1 });
      expect(ids(chess.hits)).toEqual(['p3']);
      expect(chess.total).toBe(2);
    });

    it('orders the hits of a query with a sort by it, not by relevance first', async () => {
      // Johanna is p1's first name (the first searchable attribute) and a word of p4's bio
      expect(ids((await collection.search({ q: 'johanna', sort: [['age', 'desc']] })).hits)).toEqual(['p4', 'p1']);
      expect(ids((await collection.search({ q: 'johanna', sort: [['age', 'asc']] })).hits)).toEqual(['p1', 'p4']);
    });

    it('replaces a document on upsert and deletes by id', async () => {
      await collection.upsert([{ ...people[0], bio: 'plays the cello' }]);
      expect((await collection.search({ q: 'violin' })).total).toBe(0);
      expect(ids((await collection.search({ q: 'cello' })).hits)).toEqual(['p1']);
      await collection.delete(['p1', 'unknown']);
      expect((await collection.search({ q: 'cello' })).total).toBe(0);
      expect((await collection.search({ q: '' })).total).toBe(3);
    });

    it('merges fields into the documents it holds, keeping their other fields, a write made meanwhile included', async () => {
      // another writer replaced p1's bio after this one read p1: merging a field keeps that bio
      await collection.upsert([{ ...people[0], bio: 'plays the cello' }]);
      await collection.merge([{ id: 'p1', city: 'Hamburg', groups: ['music', 'garden'] }, { id: 'p3', active: true }]);
      expect(await collection.get('p1')).toEqual({ ...people[0], bio: 'plays the cello', city: 'Hamburg', groups: ['music', 'garden'] });
      expect(ids((await collection.search({ q: 'cello', filter: { city: 'Hamburg', groups: 'garden' } })).hits)).toEqual(['p1']);
      expect((await collection.search({ q: 'violin' })).total).toBe(0);
      expect(ids((await collection.search({ q: '', filter: { active: true, city: 'Berlin' } })).hits)).toEqual(['p3']);
      expect(ids((await collection.search({ q: 'albrecht', sort: [['age', 'asc']] })).hits)).toEqual(['p3']);
      await collection.merge([]);
      expect((await collection.search({ q: '' })).total).toBe(4);
    });

    it('never finds a merge of an id it does not hold through a field the merge lacks, and deletes it by id', async () => {
      // deleted by another writer before the merge arrived: the embedded index skips it, Meilisearch creates a
      // document of the merged fields only, which the caller deletes again (search-indexer's buffered indexes)
      await collection.delete(['p4']);
      await collection.merge([{ id: 'p4', city: 'Munich' }, { id: 'never', city: 'Berlin' }]);
      expect((await collection.search({ q: 'johanna' })).hits.map((hit) => hit.id)).toEqual(['p1']);
      expect(ids((await collection.search({ q: '', filter: { city: ['Berlin', 'Munich'], active: [true, false] } })).hits).sort()).toEqual(['p1', 'p3']);
      await collection.delete(['p4', 'never']);
      expect(await collection.get('p4')).toBeNull();
      expect(await collection.get('never')).toBeNull();
      expect((await collection.search({ q: '' })).total).toBe(3);
    });

    it('writes documents and deletions of one batch at once, where the index takes them together', async () => {
      const write = collection.write ?? (async (changes: { upsert: readonly Person[]; delete: readonly string[] }) => {
        await collection.upsert(changes.upsert);
        await collection.delete(changes.delete);
      });
      await write({ upsert: [{ ...people[0], bio: 'plays the cello' }, { ...people[1], id: 'p5' }], delete: ['p2', 'unknown'] });
      expect(ids((await collection.search({ q: 'cello' })).hits)).toEqual(['p1']);
      expect(await collection.get('p2')).toBeNull();
      expect((await collection.get('p5'))?.first_name).toBe(people[1].first_name);
      expect((await collection.search({ q: '' })).total).toBe(4);
      await write({ upsert: [], delete: [] });
    });

    it('answers searches asked at once each with its own query and index', async () => {
      const other = await index.index<Person>(`${indexName}_other`, settings);
      await other.upsert([{ ...people[2], bio: 'only in the other index' }]);
      const [violin, albrecht, elsewhere, none, page] = await Promise.all([
        collection.search({ q: 'violin' }),
        collection.search({ q: 'albrecht' }),
        other.search({ q: 'other' }),
        collection.search({ q: 'violin', filter: { id: [] } }),
        collection.search({ q: '', sort: [['last_name', 'asc']], limit: 2, offset: 1 }),
      ]);
      expect(ids(violin.hits)).toEqual(['p1']);
      expect(ids(albrecht.hits)).toEqual(['p3']);
      expect(ids(elsewhere.hits)).toEqual(['p3']);
      expect(none).toEqual({ hits: [], total: 0 });
      expect(page.hits).toHaveLength(2);
      expect(page.total).toBe(4);
      await other.clear();
    });

    it('clears an index', async () => {
      await collection.clear();
      expect(await collection.search({ q: '' })).toEqual({ hits: [], total: 0 });
    });

    it('opens an existing index again without losing documents', async () => {
      const again = await index.index<Person>(indexName, settings);
      expect((await again.search({ q: '' })).total).toBe(4);
    });

    it('swaps a rebuilt index in for the live one without a gap, collections following the names', async () => {
      const nextName = `${indexName}_next`;
      const next = await index.index<Person>(nextName, settings);
      await next.upsert([{ ...people[0], first_name: 'Rebuilt' }]);
      await index.swapIndexes(indexName, nextName);
      expect(ids((await collection.search({ q: '' })).hits)).toEqual(['p1']);
      expect((await collection.get('p1'))?.first_name).toBe('Rebuilt');
      expect(ids((await collection.search({ q: 'rebuilt' })).hits)).toEqual(['p1']);
      expect((await next.search({ q: '' })).total).toBe(4);
      const reopened = await index.index<Person>(indexName, settings);
      expect((await reopened.search({ q: '' })).total).toBe(1);
      await next.clear();
    });

    it('applies every deferred write to a rebuilt index before the swap takes it in', async () => {
      const nextName = `${indexName}_deferred`;
      const next = await index.index<Person>(nextName, settings, { deferWrites: true });
      await next.clear();
      // one write after the other, none waited for: the swap waits for them all, in order
      for (const person of people) await next.upsert([{ ...person, bio: `${person.bio} rebuilt` }]);
      await next.upsert([{ ...people[0], bio: 'rebuilt twice' }]);
      await next.delete(['p4']);
      await index.swapIndexes(indexName, nextName);
      expect(ids((await collection.search({ q: 'rebuilt' })).hits).sort()).toEqual(['p1', 'p2', 'p3']);
      expect((await collection.get('p1'))?.bio).toBe('rebuilt twice');
      expect(await collection.get('p4')).toBeNull();
      await (await index.index<Person>(nextName, settings)).clear();
    });

    it('answers a search of an index being rebuilt with every write it accepted, in order (its indexing reads it)', async () => {
      const nextName = `${indexName}_deferred_read`;
      const next = await index.index<Person>(nextName, settings, { deferWrites: true });
      await next.clear();
      for (const person of people) await next.upsert([{ ...person, bio: `${person.bio} queued` }]);
      await next.delete(['p2']);
      expect(ids((await next.search({ q: 'queued' })).hits).sort()).toEqual(['p1', 'p3', 'p4']);
      await next.upsert([{ ...people[1], bio: 'back again' }]);
      expect(ids((await next.search({ q: 'back' })).hits)).toEqual(['p2']);
      await next.clear();
    });

    it('labels an index\'s contents: the label moves with them through a swap and a rename, and a renamed name swaps no more', async () => {
      const build = `${indexName}_build`;
      const moved = `${indexName}_moved`;
      const next = await index.index<Person>(build, settings, { deferWrites: true, label: 'b1' });
      await next.upsert([{ ...people[0], first_name: 'Built' }]);
      expect(await index.labelOf(build)).toBe('b1');
      expect(await index.labelOf(indexName)).toBeNull();
      expect(await index.labelOf(`${indexName}_none`)).toBeUndefined();
      // the rename comes after the deferred write: the moved index holds it
      await index.renameIndex(build, moved);
      expect(await index.labelOf(build)).toBeUndefined();
      expect(await index.labelOf(moved)).toBe('b1');
      await expect(index.swapIndexes(indexName, build)).rejects.toThrow();
      expect((await collection.search({ q: '' })).total).toBe(4);
      await index.swapIndexes(indexName, moved);
      expect(await index.labelOf(indexName)).toBe('b1');
      expect(await index.labelOf(moved)).toBeNull();
      expect((await collection.get('p1'))?.first_name).toBe('Built');
      // a label given again names the contents the name holds now
      await index.index<Person>(indexName, settings, { label: 'b2' });
      expect(await index.labelOf(indexName)).toBe('b2');
      expect((await (await index.index<Person>(indexName, settings)).search({ q: 'built' })).total).toBe(1);
      await index.deleteIndex(moved);
      await index.deleteIndex(moved);
      expect(await index.labelOf(moved)).toBeUndefined();
    });

    it('lists every index by its name: created, renamed and deleted ones as they are now', async () => {
      const build = `${indexName}__bb1`;
      const moved = `${indexName}__bb1t2`;
      await index.index<Person>(build, settings, { deferWrites: true, label: 'b1' });
      await (await index.index<Person>(build, settings)).upsert([people[0]]);
      const listed = await index.listIndexes();
      expect(listed).toEqual(expect.arrayContaining([indexName, build]));
      expect(new Set(listed).size).toBe(listed.length);
      await index.renameIndex(build, moved);
      const afterRename = await index.listIndexes();
      expect(afterRename).toEqual(expect.arrayContaining([indexName, moved]));
      expect(afterRename).not.toContain(build);
      await index.deleteIndex(moved);
      const afterDelete = await index.listIndexes();
      expect(afterDelete).toContain(indexName);
      expect(afterDelete).not.toContain(moved);
      // the checkpoints are not an index of the port's
      await index.setCheckpoint(`contract-${randomUUID()}`, 1);
      expect((await index.listIndexes()).filter((name) => name.includes('checkpoint'))).toEqual([]);
    });

    it('applies the settings an index is opened with again after a swap gave it the other index\'s', async () => {
      const nextName = `${indexName}_narrow`;
      const narrow: IndexSettings = { searchableAttributes: ['bio'], filterableAttributes: ['age'], sortableAttributes: [] };
      const next = await index.index<Person>(nextName, narrow);
      await next.upsert([people[2]]);
      await index.swapIndexes(indexName, nextName);
      // each name now holds the other's settings; opening it with its own settings applies them again
      const live = await index.index<Person>(indexName, settings);
      expect(ids((await live.search({ q: '', filter: { city: 'Berlin' } })).hits)).toEqual(['p3']);
      expect(ids((await live.search({ q: 'albrecht' })).hits)).toEqual(['p3']);
      const old = await index.index<Person>(nextName, narrow);
      expect(ids((await old.search({ q: '', filter: { age: 51 } })).hits)).toEqual(['p2']);
      expect((await old.search({ q: 'johnson' })).total).toBe(0);
      await old.clear();
    });

    it('keeps ids of any characters and length: get, search, filter, sort, replace and delete by them', async () => {
      interface Note extends SearchDocument {
        text: string;
      }
      const noteSettings: IndexSettings = { searchableAttributes: ['text', 'id'], filterableAttributes: ['id'], sortableAttributes: ['id'] };
      const notes = await index.index<Note>(`${indexName}_ids`, noteSettings);
      const long = `group:${'x'.repeat(600)}`;
      const odd = [
        'group:garden',
        'member.address@example.org',
        'folder/sub/file.txt',
        'Café Zürich – 東京',
        long,
        `${long}:${'ü'.repeat(300)}`,
        // what another id's encoding could look like, and ids Meilisearch takes as they are
        `__b${Buffer.from('group:garden', 'utf8').toString('base64url')}`,
        '__h',
        'plain_id-1',
      ];
      const words = ['apple', 'banana', 'cherry', 'damson', 'elderberry', 'fig', 'grape', 'hazelnut', 'iris'];
      const docs: Note[] = odd.map((id, at) => ({ id, text: `${words[at]} shared` }));
      await notes.upsert(docs);
      for (const doc of docs) expect(await notes.get(doc.id)).toEqual(doc);
      expect((await notes.search({ q: 'shared', limit: 50 })).hits.map((hit) => hit.id).sort()).toEqual([...odd].sort());
      expect((await notes.search({ q: 'banana' })).hits).toEqual([docs[1]]);
      // a filter on the id, one and any of
      expect(ids((await notes.search({ q: '', filter: { id: 'group:garden' } })).hits)).toEqual(['group:garden']);
      expect(ids((await notes.search({ q: '', filter: { id: [long, 'Café Zürich – 東京', 'unknown:id'] } })).hits).sort()).toEqual([long, 'Café Zürich – 東京'].sort());
      // sorted by id: every document once
      expect(ids((await notes.search({ q: '', sort: [['id', 'asc']], limit: 50 })).hits).sort()).toEqual([...odd].sort());
      // a search of the id attribute finds a document by its own id
      expect(ids((await notes.search({ q: 'garden' })).hits)).toContain('group:garden');
      await notes.upsert([{ id: long, text: 'replaced' }]);
      expect(await notes.get(long)).toEqual({ id: long, text: 'replaced' });
      expect((await notes.search({ q: '' })).total).toBe(odd.length);
      await notes.delete(['group:garden', 'member.address@example.org', `${long}:${'ü'.repeat(300)}`]);
      expect(await notes.get('group:garden')).toBeNull();
      expect(await notes.get(`${long}:${'ü'.repeat(300)}`)).toBeNull();
      expect(await notes.get(odd[6])).toEqual(docs[6]);
      expect((await notes.search({ q: '' })).total).toBe(odd.length - 3);
      await notes.clear();
    });

    it('stores projector checkpoints, 0 when unknown', async () => {
      const projector = `contract-${randomUUID()}`;
      expect(await index.getCheckpoint(projector)).toBe(0);
      await index.setCheckpoint(projector, 42);
      await index.setCheckpoint(`${projector}-other`, 7);
      expect(await index.getCheckpoint(projector)).toBe(42);
      await index.setCheckpoint(projector, 43);
      expect(await index.getCheckpoint(projector)).toBe(43);
    });
  });
