import { applyAll, memoryIndex, recordedEvent } from '../__tests__/memory-index';
import type { OpenIndex } from '../core/search-feature';
import { activitiesIndexing, activityHitUrl, type ActivitySearchDocument, type ActivityStreamSearchDocument } from './activities-index';

describe('activities search indexing', () => {
  /** the events as one batch, then its settle step (as the runtime does once the batch is committed) */
  const setup = async (events: Parameters<typeof applyAll>[1]) => {
    const index = memoryIndex<ActivitySearchDocument>();
    const streams = memoryIndex<ActivityStreamSearchDocument>();
    const indexing = activitiesIndexing(index.collection, streams.collection);
    await applyAll(indexing, events);
    await indexing.settle?.(((definition: { name: string }) => Promise.resolve(definition.name === '_activity_streams' ? streams.collection : index.collection)) as unknown as OpenIndex);
    return index.docs;
  };
  const groupCreated = (access: string) => recordedEvent('GroupCreated', { group_id: 'g1', slug: 'g1', name: 'G', group_category_id: null, access });
  const detailsChanged = (access: string, externally_visible: boolean) =>
    recordedEvent('GroupDetailsChanged', { group_id: 'g1', details: { name: 'G', teaser: '', description: '', access, externally_visible, group_category_id: null }, changed_fields: ['access'] });
  const posted = recordedEvent('ActivityPosted', { activity_id: 'a1', group_id: 'g1', author_id: 'ann', html_content: '<p>Bring the <b>violin</b> tonight</p>', attachments: [] });
  const networkPost = recordedEvent('ActivityPosted', { activity_id: 'a2', group_id: null, author_id: 'bob', html_content: '<p>Hello network</p>', attachments: [] });
  const replied = recordedEvent('ActivityReplied', { activity_id: 'a1', reply_id: 'r1', author_id: 'bob', html_content: '<p>And the cello?</p>' });

  it('indexes posts and replies as text with the stream that holds them (a reply inherits its post’s stream)', async () => {
    const docs = await setup([posted, networkPost, replied]);
    expect(docs.get('a1')).toMatchObject({ kind: 'post', stream: 'g1', author_id: 'ann', text: 'Bring the violin tonight', reply_count: 1 });
    expect(docs.get('a2')).toMatchObject({ kind: 'post', stream: 'network' });
    expect(docs.get('r1')).toMatchObject({ kind: 'reply', activity_id: 'a1', stream: 'g1', author_id: 'bob', text: 'And the cello?' });
    expect(activityHitUrl(docs.get('r1') as ActivitySearchDocument)).toBe('/activities/a1');
  });

  it('follows edits, deleted replies and deleted posts (taking their replies along); replaying changes nothing', async () => {
    const events = [
      posted,
      networkPost,
      replied,
      recordedEvent('ActivityEdited', { activity_id: 'a1', html_content: '<p>Bring the viola</p>' }),
      recordedEvent('ActivityReplyEdited', { activity_id: 'a1', reply_id: 'r1', html_content: 'cello edited' }),
      recordedEvent('ActivityReplied', { activity_id: 'a1', reply_id: 'r2', author_id: 'ann', html_content: 'second' }),
      recordedEvent('ActivityReplyDeleted', { activity_id: 'a1', reply_id: 'r2', deleted_by: 'ann' }),
    ];
    const docs = await setup(events);
    expect(docs.get('a1')).toMatchObject({ text: 'Bring the viola', reply_count: 1 });
    expect(docs.get('r1')?.text).toBe('cello edited');
    expect(docs.has('r2')).toBe(false);
    const twice = await setup([...events, ...events]);
    expect([...twice.entries()]).toEqual([...docs.entries()]);
    const deleted = await setup([...events, recordedEvent('ActivityDeleted', { activity_id: 'a1', group_id: 'g1', deleted_by: 'ann' })]);
    expect([...deleted.keys()]).toEqual(['a2']);
  });

  it('gives each activity its stream’s audience, derived again for every activity of the stream when the group changes', async () => {
    const audiences = async (events: Parameters<typeof applyAll>[1]) => {
      const docs = await setup(events);
      return { a1: docs.get('a1')?.audience, r1: docs.get('r1')?.audience, a2: docs.get('a2')?.audience };
    };
    const open = ['admin', 'internal', 'g:g1', 'i:g1'];
    expect(await audiences([groupCreated('open'), posted, networkPost, replied])).toEqual({ a1: open, r1: open, a2: ['admin', 'internal', 'external'] });
    // posted before the group is known (indexed in another order on a partitioned bus): its members only, until the group is
    expect((await audiences([posted, replied])).a1).toEqual(['g:g1']);
    expect(await audiences([posted, replied, groupCreated('closed')])).toMatchObject({ a1: open, r1: open });
    expect(await audiences([groupCreated('open'), posted, replied, detailsChanged('hidden', false)])).toMatchObject({ a1: ['admin', 'g:g1'], r1: ['admin', 'g:g1'] });
    expect((await audiences([groupCreated('hidden'), posted, detailsChanged('open', true)])).a1).toEqual(['admin', 'internal', 'external', 'g:g1', 'i:g1']);
    expect((await audiences([groupCreated('open'), posted, recordedEvent('GroupDeleted', { group_id: 'g1', slug: 'g1' })])).a1).toEqual(['g:g1']);
  });

  it('derives again once committed what another replica changed meanwhile (settle)', async () => {
    const index = memoryIndex<ActivitySearchDocument>();
    const streams = memoryIndex<ActivityStreamSearchDocument>();
    const indexing = activitiesIndexing(index.collection, streams.collection);
    await applyAll(indexing, [groupCreated('open'), posted]);
    // another replica's indexing of the group going hidden, committed before this batch was, which it did not find
    await streams.collection.upsert([{ id: 'g1', access: 'hidden', externally_visible: false }]);
    expect(index.docs.get('a1')?.audience).toContain('internal');
    const open = ((definition: { name: string }) => Promise.resolve(definition.name === '_activity_streams' ? streams.collection : index.collection)) as unknown as OpenIndex;
    await indexing.settle?.(open);
    expect(index.docs.get('a1')?.audience).toEqual(['admin', 'g:g1']);
  });
});
