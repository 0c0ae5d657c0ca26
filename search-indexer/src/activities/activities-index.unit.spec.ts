import { applyAll, memoryIndex, recordedEvent } from '../__tests__/memory-index';
import { activitiesIndexing, activityHitUrl, type ActivitySearchDocument } from './activities-index';

describe('activities search indexing', () => {
  const setup = async (events: Parameters<typeof applyAll>[1]) => {
    const index = memoryIndex<ActivitySearchDocument>();
    await applyAll(activitiesIndexing(index.collection), events);
    return index.docs;
  };
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
});
