import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DocumentConflictError, type Document, type DocumentCollection, type DocumentStore, type FieldCondition, type Filter, type Scalar } from '@cn/platform/document-store';
import type { ContractTarget, Subject } from './contract-target';
import { describeContract } from './contract-target';
import { matchesFilter } from './document-filter-reference';

export type DocumentStoreContractTarget = ContractTarget<Subject<DocumentStore>>;

interface Member extends Document {
  name: string;
  age?: number | null;
  admin: boolean;
  tags: string[];
  address?: { city: string; zip: number };
  status?: string | null;
}

const members: Member[] = [
  { _id: 'm1', name: 'Alice Adams', age: 31, admin: true, tags: ['chess', 'go'], address: { city: 'Berlin', zip: 10115 }, status: 'online' },
  { _id: 'm2', name: 'bob brown', age: 25, admin: false, tags: ['go'], address: { city: 'Hamburg', zip: 20095 }, status: null },
  { _id: 'm3', name: 'Carla Cruz', age: 40, admin: false, tags: [], address: { city: 'Berlin', zip: 10117 } },
  { _id: 'm4', name: 'Dan Dyer', age: null, admin: true, tags: ['chess'], status: 'busy' },
  { _id: 'm5', name: 'Eve Evans', admin: false, tags: ['tennis', 'chess'], address: { city: 'Munich', zip: 80331 }, status: 'online' },
];

const ids = (docs: Document[]): string[] => docs.map((doc) => doc._id).sort();

/**
 * `columns`: the suite opens every collection with these `CollectionOptions.columns` (a store with tables
 * keeps those fields in columns); its documents' booleans, nulls and objects then sit in such fields too.
 */
export const describeDocumentStoreContract = (adapterName: string, target: DocumentStoreContractTarget, options: { columns?: readonly string[] } = {}): void =>
  describeContract(`${adapterName} document store${options.columns ? ` (columns ${options.columns.join(', ')})` : ''}`, target, (create) => {
    let store: DocumentStore;
    const open = <T extends Document = Document>(name: string): DocumentCollection<T> => store.collection<T>(name, options.columns ? { columns: options.columns } : undefined);
    let cleanup: () => Promise<void>;
    let people: DocumentCollection<Member>;
    let peopleName: string;
    beforeEach(async () => {
      ({ subject: store, cleanup } = await create());
      peopleName = `contract_${randomUUID().replace(/-/g, '')}`;
      people = open<Member>(peopleName);
      for (const member of members) await people.upsert(member);
    });
    afterEach(async () => {
      await people.clear();
      await cleanup();
    });

    describe('conditional writes (ifVersion: replicas writing the same read model)', () => {
      it('writes while the stored _version is the expected one, and refuses a stale one', async () => {
        const name = peopleName;
        await store.writeAll([{ collection: name, changes: [{ id: 'v1', doc: { _id: 'v1', n: 1, _version: 1 }, ifVersion: 0 }] }]);
        await store.writeAll([{ collection: name, changes: [{ id: 'v1', doc: { _id: 'v1', n: 2, _version: 2 }, ifVersion: 1 }] }]);
        await expect(store.writeAll([{ collection: name, changes: [{ id: 'v1', doc: { _id: 'v1', n: 3, _version: 2 }, ifVersion: 1 }] }])).rejects.toBeInstanceOf(
          DocumentConflictError,
        );
        // a document expected absent that another writer created first
        await expect(store.writeAll([{ collection: name, changes: [{ id: 'v1', doc: { _id: 'v1', n: 4, _version: 1 }, ifVersion: 0 }] }])).rejects.toBeInstanceOf(
          DocumentConflictError,
        );
        expect(await open(name).get('v1')).toEqual({ _id: 'v1', n: 2, _version: 2 });
      });

      it('counts a document without _version as version 0, and deletes conditionally', async () => {
        const name = peopleName;
        await store.writeAll([{ collection: name, changes: [{ id: 'm1', doc: { ...members[0], _version: 1 }, ifVersion: 0 }] }]);
        await expect(store.writeAll([{ collection: name, changes: [{ id: 'm1', doc: null, ifVersion: 0 }] }])).rejects.toBeInstanceOf(DocumentConflictError);
        await store.writeAll([{ collection: name, changes: [{ id: 'm1', doc: null, ifVersion: 1 }] }]);
        expect(await open(name).get('m1')).toBeNull();
      });
    });

    describe('documents', () => {
      it('answers the same with an index on the filtered and sorted fields, and creating it again changes nothing', async () => {
        const before = await people.find({ admin: false }, { sort: [['age', -1]] });
        await people.ensureIndex(['admin', 'age']);
        await people.ensureIndex(['admin', 'age']);
        await people.ensureIndex(['address.city']);
        expect(await people.find({ admin: false }, { sort: [['age', -1]] })).toEqual(before);
        expect(ids(await people.find({ 'address.city': 'Berlin' }))).toEqual(['m1', 'm3']);
      });

      it('gets a document by id, null when missing', async () => {
        expect(await people.get('m1')).toEqual(members[0]);
        expect(await people.get('nobody')).toBeNull();
      });

      it('replaces the whole document on upsert', async () => {
        await people.upsert({ _id: 'm1', name: 'Alice New', admin: false, tags: [] });
        expect(await people.get('m1')).toEqual({ _id: 'm1', name: 'Alice New', admin: false, tags: [] });
        expect(await people.count()).toBe(5);
      });

      it('keeps field names beginning with $ or ~ at any depth (sealed personal data { $pii, subject })', async () => {
        const sealed = open(`contract_sealed_${randomUUID().replace(/-/g, '')}`);
        const doc = {
          _id: 'e1',
          data: { name: { $pii: 'c2VhbGVk', subject: 'm1' }, list: [{ $pii: 'eA==', subject: 'm2' }, 'plain'] },
          '~tilde': { '~~two': 1, $x: null },
        };
        await sealed.upsert(doc);
        expect(await sealed.get('e1')).toEqual(doc);
        expect(await sealed.getMany(['e1'])).toEqual([doc]);
        expect(await sealed.find({})).toEqual([doc]);
        await sealed.clear();
      });

      it('picks the named fields of many documents by id, a field a document lacks absent, missing ids ignored', async () => {
        const picked = await people.pick(['m4', 'm1', 'm3', 'nobody'], ['admin', 'address', 'status', 'age', 'tags']);
        expect(picked.sort((a, b) => a._id.localeCompare(b._id))).toEqual([
          { _id: 'm1', admin: true, address: { city: 'Berlin', zip: 10115 }, status: 'online', age: 31, tags: ['chess', 'go'] },
          { _id: 'm3', admin: false, address: { city: 'Berlin', zip: 10117 }, age: 40, tags: [] },
          { _id: 'm4', admin: true, status: 'busy', age: null, tags: ['chess'] },
        ]);
        expect(await people.pick(['m2'], ['name', 'status'])).toEqual([{ _id: 'm2', name: 'bob brown', status: null }]);
        expect(await people.pick([], ['name'])).toEqual([]);
      });

      it('gets many by id, ignoring missing ids', async () => {
        expect(ids(await people.getMany(['m3', 'm1', 'nobody']))).toEqual(['m1', 'm3']);
        expect(await people.getMany([])).toEqual([]);
      });

      it('deletes one document, deletes many by filter answering the count, and clears', async () => {
        await people.delete('m1');
        await people.delete('nobody');
        expect(await people.get('m1')).toBeNull();
        expect(await people.deleteMany({ admin: false, 'address.city': 'Berlin' })).toBe(1);
        expect(ids(await people.find())).toEqual(['m2', 'm4', 'm5']);
        await people.clear();
        expect(await people.count()).toBe(0);
      });

      it('replaces a collection with another one in one step (blue/green), leaving the source empty', async () => {
        const nextName = `${peopleName}_next`;
        const next = open<Member>(nextName);
        await next.ensureIndex(['name']);
        await next.upsert({ _id: 'n1', name: 'Nora New', admin: false, tags: [] });
        await next.upsert({ _id: 'm2', name: 'Bob Rebuilt', admin: true, tags: ['go'] });
        await people.ensureIndex(['name']);
        await people.replaceWith(nextName);
        expect(ids(await people.find())).toEqual(['m2', 'n1']);
        expect(await people.get('m2')).toEqual({ _id: 'm2', name: 'Bob Rebuilt', admin: true, tags: ['go'] });
        expect(await people.find({ name: 'Nora New' }, { sort: [['name', 1]] })).toHaveLength(1);
        expect(await next.count()).toBe(0);
        // the source can be filled again (the next rebuild)
        await next.upsert({ _id: 'n2', name: 'Again', admin: false, tags: [] });
        expect(await next.count()).toBe(1);
        expect(await people.count()).toBe(2);
      });

      it('repeats a swap that happened as nothing when asked to swap only while the source holds documents', async () => {
        const nextName = `${peopleName}_next`;
        const next = open<Member>(nextName);
        await next.upsert({ _id: 'n1', name: 'Nora New', admin: false, tags: [] });
        await people.replaceWith(nextName, [], { ifSourceHolds: true });
        expect(ids(await people.find())).toEqual(['n1']);
        // a second rename of the same switch (the source left empty by the first) keeps the new documents
        await people.replaceWith(nextName, [], { ifSourceHolds: true });
        expect(ids(await people.find())).toEqual(['n1']);
        // without the option, an empty source empties the collection, as a rebuild of nothing should
        await people.replaceWith(nextName);
        expect(await people.count()).toBe(0);
      });

      it('swaps with conditional writes alongside: written with the swap, or a conflict among them refuses it', async () => {
        const nextName = `${peopleName}_next`;
        const next = open<Member>(nextName);
        const recordsName = `${peopleName}_records`;
        const records = open(recordsName);
        await records.upsert({ _id: 'switch', phase: 'holding', _version: 1 });
        await next.upsert({ _id: 'n1', name: 'Nora New', admin: false, tags: [] });
        const before = ids(await people.find());
        // another writer changed the record meanwhile: nothing is swapped
        const stale = [{ collection: recordsName, changes: [{ id: 'switch', doc: { _id: 'switch', phase: 'swapped', _version: 2 }, ifVersion: 0 }] }];
        await expect(people.replaceWith(nextName, stale)).rejects.toBeInstanceOf(DocumentConflictError);
        expect(ids(await people.find())).toEqual(before);
        expect(await next.count()).toBe(1);
        expect((await records.get('switch'))?.['phase']).toBe('holding');
        const current = [{ collection: recordsName, changes: [{ id: 'switch', doc: { _id: 'switch', phase: 'swapped', _version: 2 }, ifVersion: 1 }] }];
        await people.replaceWith(nextName, current);
        expect(ids(await people.find())).toEqual(['n1']);
        expect((await records.get('switch'))?.['phase']).toBe('swapped');
      });

      it('drops a collection whole, the others kept; dropping one that does not exist is no error', async () => {
        const otherName = `contract_${randomUUID().replace(/-/g, '')}`;
        const other = open(otherName);
        await other.ensureIndex(['name']);
        await other.upsert({ _id: 'o1', name: 'Olga', admin: false, tags: [] });
        await store.drop(otherName);
        expect(await other.count()).toBe(0);
        expect(await open(otherName).find({ name: 'Olga' })).toEqual([]);
        expect(await people.count()).toBe(5);
        await store.drop(otherName);
        await store.drop(`contract_${randomUUID().replace(/-/g, '')}`);
        // the name can be used again
        await open(otherName).upsert({ _id: 'o2', name: 'Oskar', admin: true, tags: [] });
        expect(ids(await open(otherName).find({ name: 'Oskar' }))).toEqual(['o2']);
      });

      it('keeps collections apart', async () => {
        const other = open(`contract_${randomUUID().replace(/-/g, '')}`);
        await other.upsert({ _id: 'm1', other: true });
        expect(await people.get('m1')).toEqual(members[0]);
        await other.clear();
        expect(await people.count()).toBe(5);
      });
    });

    describe('filters', () => {
      const cases: [string, Filter, string[]][] = [
        ['everything without a filter', {}, ['m1', 'm2', 'm3', 'm4', 'm5']],
        ['plain string equality', { name: 'Carla Cruz' }, ['m3']],
        ['plain boolean equality', { admin: true }, ['m1', 'm4']],
        ['plain false', { admin: false }, ['m2', 'm3', 'm5']],
        ['plain number equality', { age: 25 }, ['m2']],
        ['null matches null and missing', { age: null }, ['m4', 'm5']],
        ['$eq', { status: { $eq: 'online' } }, ['m1', 'm5']],
        ['$ne includes missing and null', { status: { $ne: 'online' } }, ['m2', 'm3', 'm4']],
        ['$ne null', { status: { $ne: null } }, ['m1', 'm4', 'm5']],
        ['$in', { status: { $in: ['busy', 'online'] } }, ['m1', 'm4', 'm5']],
        ['$in with null', { status: { $in: [null, 'busy'] } }, ['m2', 'm3', 'm4']],
        ['$nin', { status: { $nin: ['online'] } }, ['m2', 'm3', 'm4']],
        ['$gt', { age: { $gt: 30 } }, ['m1', 'm3']],
        ['$gte and $lt together', { age: { $gte: 25, $lt: 40 } }, ['m1', 'm2']],
        ['$lte', { age: { $lte: 31 } }, ['m1', 'm2']],
        ['$gt on strings', { name: { $gt: 'C' } }, ['m3', 'm4', 'm5', 'm2']],
        ['$exists true includes null values', { status: { $exists: true } }, ['m1', 'm2', 'm4', 'm5']],
        ['$exists false', { address: { $exists: false } }, ['m4']],
        ['$contains on an array', { tags: { $contains: 'chess' } }, ['m1', 'm4', 'm5']],
        ['$like is a case-insensitive substring', { name: { $like: 'B' } }, ['m2']],
        ['$like in the middle', { name: { $like: 'ARL' } }, ['m3']],
        ['dotted path', { 'address.city': 'Berlin' }, ['m1', 'm3']],
        ['dotted path with an operator', { 'address.zip': { $lt: 20000 } }, ['m1', 'm3']],
        ['several fields are all required', { admin: false, 'address.city': 'Berlin' }, ['m3']],
        ['$or', { $or: [{ age: 25 }, { status: 'busy' }] }, ['m2', 'm4']],
        ['$and', { $and: [{ tags: { $contains: 'chess' } }, { admin: false }] }, ['m5']],
        ['$or nested in $and', { $and: [{ $or: [{ admin: true }, { age: { $gt: 35 } }] }, { tags: { $contains: 'chess' } }] }, ['m1', 'm4']],
        ['by id', { _id: { $in: ['m4', 'm2'] } }, ['m2', 'm4']],
        ['no match', { name: 'Nobody' }, []],
        ['a string never equals a number', { age: '25' }, []],
        ['true never equals 1', { admin: 1 }, []],
      ];
      it.each(cases)('%s', async (_title, filter, expected) => {
        expect(ids(await people.find(filter))).toEqual([...expected].sort());
        expect(await people.count(filter)).toBe(expected.length);
      });

      it('rejects unsafe field paths', async () => {
        await expect(people.find({ "name') OR 1=1 --": 'x' })).rejects.toThrow();
      });
    });

    describe('sort, skip and limit', () => {
      it('sorts by several fields', async () => {
        const sorted = await people.find({}, { sort: [['admin', -1], ['name', 1]] });
        expect(sorted.map((doc) => doc._id)).toEqual(['m1', 'm4', 'm3', 'm5', 'm2']);
      });

      it('sorts by a dotted path, descending, missing values last', async () => {
        const sorted = await people.find({}, { sort: [['address.zip', -1]] });
        expect(sorted.map((doc) => doc._id)).toEqual(['m5', 'm2', 'm3', 'm1', 'm4']);
      });

      it('pages with skip and limit after sorting and filtering', async () => {
        const page = await people.find({ admin: false }, { sort: [['_id', 1]], skip: 1, limit: 1 });
        expect(page.map((doc) => doc._id)).toEqual(['m3']);
        // inserted in another order than their ids
        await people.delete('m1');
        await people.upsert(members[0]);
        const rest = await people.find({}, { sort: [['_id', -1]], skip: 3 });
        expect(rest.map((doc) => doc._id)).toEqual(['m2', 'm1']);
        expect(await people.find({}, { sort: [['_id', 1]], limit: 2 })).toHaveLength(2);
      });
    });

    describe('property: filters select what the reference semantics select', () => {
      const scalar = fc.oneof(
        fc.integer({ min: -3, max: 3 }),
        fc.constantFrom('a', 'B', 'ab', 'Ba', 'c'),
        fc.boolean(),
        fc.constant(null),
      );
      const doc = fc.record(
        {
          v: scalar,
          w: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('a', 'ab', 'B')),
          tags: fc.array(fc.constantFrom('x', 'y', 'z'), { maxLength: 3 }),
          nested: fc.record({ n: scalar }, { requiredKeys: [] }),
        },
        { requiredKeys: [] },
      );
      const field = fc.constantFrom('v', 'w', 'nested.n', 'missing');
      const ordered = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('a', 'B', 'b'));
      const condition: fc.Arbitrary<FieldCondition | Scalar> = fc.oneof(
        scalar,
        scalar.map((value) => ({ $eq: value })),
        scalar.map((value) => ({ $ne: value })),
        fc.array(scalar, { maxLength: 3 }).map((values) => ({ $in: values })),
        fc.array(scalar, { maxLength: 3 }).map((values) => ({ $nin: values })),
        ordered.map((value) => ({ $gt: value })),
        ordered.map((value) => ({ $gte: value })),
        ordered.map((value) => ({ $lt: value })),
        ordered.map((value) => ({ $lte: value })),
        fc.boolean().map((value) => ({ $exists: value })),
        fc.constantFrom('a', 'A', 'b').map((value) => ({ $like: value })),
      );
      const leaf: fc.Arbitrary<Filter> = fc.oneof(
        fc.tuple(field, condition).map(([name, cond]) => ({ [name]: cond })),
        fc.constantFrom('x', 'y').map((tag) => ({ tags: { $contains: tag } })),
      );
      const filter: fc.Arbitrary<Filter> = fc.oneof(
        leaf,
        fc.array(leaf, { minLength: 1, maxLength: 3 }).map((filters) => ({ $or: filters })),
        fc.array(leaf, { minLength: 1, maxLength: 3 }).map((filters) => ({ $and: filters })),
      );

      it('for random documents and filters', async () => {
        const docs = open(`contract_${randomUUID().replace(/-/g, '')}`);
        await fc.assert(
          fc.asyncProperty(fc.array(doc, { maxLength: 8 }), fc.array(filter, { minLength: 1, maxLength: 5 }), async (generated, filters) => {
            await docs.clear();
            const stored = generated.map((fields, index) => ({ _id: `d${index}`, ...fields }));
            for (const item of stored) await docs.upsert(item);
            for (const candidate of filters) {
              const expected = stored.filter((item) => matchesFilter(item, candidate)).map((item) => item._id).sort();
              expect(ids(await docs.find(candidate))).toEqual(expected);
            }
          }),
          { numRuns: 40 },
        );
        await docs.clear();
      });
    });
  });
