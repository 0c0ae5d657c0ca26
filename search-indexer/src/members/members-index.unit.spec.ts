import { randomUUID } from 'node:crypto';
import { eventRegistry, memberStream } from '@cn/contracts';
import type { PersonalDataCipher, SearchCollection, SearchQuery } from '@cn/platform';
import type { RecordedEvent } from '@cn/domain';
import { supersededIn } from '../core/search-feature';
import { toDirectoryEntry } from './directory-entry';
import { membersIndexing, type MemberSearchDocument } from './members-index';

let position = 0;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { memberId: null, occurredAt: new Date(0).toISOString(), correlationId: 'c', causationId: 'r', schemaVersion: eventRegistry.get(type)?.version ?? 1 },
  streamId: memberStream(String(data.member_id)),
  revision: 0,
  position: ++position,
  recordedAt: new Date(0).toISOString(),
});

/** a collection that only understands the id filter the indexing code uses */
const memoryCollection = () => {
  const docs = new Map<string, MemberSearchDocument>();
  const collection: SearchCollection<MemberSearchDocument> = {
    upsert: (items) => Promise.resolve(items.forEach((doc) => docs.set(doc.id, doc))),
    delete: (ids) => Promise.resolve(ids.forEach((id) => docs.delete(id))),
    merge: () => Promise.reject(new Error('this indexing writes whole documents only')),
    clear: () => Promise.resolve(docs.clear()),
    get: (id) => Promise.resolve(docs.get(id) ?? null),
    search: (query: SearchQuery) => {
      const hits = [...docs.values()].filter((doc) => query.filter?.id === undefined || doc.id === query.filter.id);
      return Promise.resolve({ hits, total: hits.length });
    },
  };
  return { docs, collection };
};

const plain: PersonalDataCipher = {
  encrypt: () => Promise.resolve({ $pii: '', subject: '' }),
  reveal: <T>(data: T) => Promise.resolve(data),
  sealSecret: () => Promise.resolve({ $secret: '', subject: '' }),
  unsealSecret: () => Promise.resolve(null),
};
const roles = { network_admin: false, auditor: false, external: true };

describe('members search indexing', () => {
  const registered = recorded('MemberRegistered', { member_id: 'm1', email: 'a@b.c', first_name: 'Ada', last_name: 'Lovelace', password_hash: { $secret: 'x', subject: 'm1' }, roles });
  const invisible = recorded('MemberPresenceChanged', { member_id: 'm1', type: 'invisible', text: 'away' });

  it('indexes names, roles and presence; an invisible status text is not searchable', async () => {
    const { docs, collection } = memoryCollection();
    const indexing = membersIndexing(collection, plain);
    for (const event of [registered, invisible]) await indexing.handle(event);
    expect(docs.get('m1')).toEqual({
      id: 'm1',
      display_name: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      is_external: true,
      is_network_admin: false,
      is_auditor: false,
      presence_type: 'invisible',
      status_text: 'away',
      status: '',
    });
  });

  it('changes nothing when an event is handled twice, and removes erased members', async () => {
    const { docs, collection } = memoryCollection();
    const indexing = membersIndexing(collection, plain);
    for (const event of [registered, invisible]) await indexing.handle(event);
    const once = structuredClone(docs.get('m1'));
    await indexing.handle(invisible);
    expect(docs.get('m1')).toEqual(once);
    await indexing.handle(recorded('MemberErased', { member_id: 'm1' }));
    expect(docs.size).toBe(0);
  });

  it('handles only the last presence change of each member in a batch, and indexes what handling all of them does', async () => {
    const batch = [
      registered,
      recorded('MemberRegistered', { member_id: 'm2', email: 'g@h.i', first_name: 'Grace', last_name: 'Hopper', password_hash: { $secret: 'x', subject: 'm2' }, roles }),
      recorded('MemberPresenceChanged', { member_id: 'm1', type: 'online', text: 'first' }),
      recorded('MemberPresenceChanged', { member_id: 'm2', type: 'busy', text: 'compiling' }),
      recorded('MemberProfileChanged', { member_id: 'm1', first_name: 'Augusta', last_name: 'Lovelace' }),
      recorded('MemberPresenceChanged', { member_id: 'm1', type: 'invisible', text: 'second' }),
      recorded('MemberRolesChanged', { member_id: 'm2', roles: { ...roles, auditor: true } }),
      recorded('MemberPresenceChanged', { member_id: 'm1', type: 'busy', text: 'third' }),
    ];
    const all = memoryCollection();
    const everyEvent = membersIndexing(all.collection, plain);
    for (const event of batch) await everyEvent.handle(event);

    const last = memoryCollection();
    const revealed: unknown[] = [];
    const lastOnly = membersIndexing(last.collection, { ...plain, reveal: <T>(data: T) => (revealed.push(data), Promise.resolve(data)) });
    const superseded = supersededIn(lastOnly, batch);
    expect([...superseded]).toEqual([batch[5].position, batch[2].position]);
    for (const event of batch) if (!superseded.has(event.position)) await lastOnly.handle(event);
    expect(revealed).toHaveLength(batch.length - 2);
    expect(last.docs).toEqual(all.docs);
    expect(last.docs.get('m1')).toMatchObject({ first_name: 'Augusta', presence_type: 'busy', status: 'third' });
    expect(last.docs.get('m2')).toMatchObject({ is_auditor: true, presence_type: 'busy', status: 'compiling' });
  });

  it('shows the status to others while connected, unless invisible or disabled; offline without a console', () => {
    const doc: MemberSearchDocument = { id: 'm1', display_name: 'Ada L', first_name: 'Ada', last_name: 'L', is_external: false, is_network_admin: false, is_auditor: false, presence_type: 'busy', status_text: 'x', status: 'x' };
    expect(toDirectoryEntry(doc, 'm2', 'optional', true).status).toEqual({ type: 'busy', text: 'x' });
    expect(toDirectoryEntry(doc, 'm2', 'optional', false).status).toBeUndefined();
    expect(toDirectoryEntry(doc, 'm2', 'disabled', true).status).toBeUndefined();
    expect(toDirectoryEntry({ ...doc, presence_type: 'invisible' }, 'm2', 'optional', true).status).toBeUndefined();
    // connected without a chosen status: online
    expect(toDirectoryEntry({ ...doc, presence_type: null, status_text: '' }, 'm2', 'enabled', true).status).toEqual({ type: 'online', text: '' });
    // with the viewer the entry carries the row's flags (memberProfileAbilities)
    const viewer = { id: 'm2', roles: { network_admin: false, auditor: false, external: false } };
    expect(toDirectoryEntry(doc, 'm2', 'optional', true, viewer).can).toMatchObject({ invite_internal: !doc.is_external, invite_external: doc.is_external, update_profile: false });
    expect(toDirectoryEntry(doc, 'm2', 'optional', true, { ...viewer, roles: { ...viewer.roles, external: true } }).can).toMatchObject({ invite_internal: false, invite_external: false });
  });
});
