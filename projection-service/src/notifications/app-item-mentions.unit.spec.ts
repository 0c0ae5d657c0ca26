import { appItemStream, type ActivityViewer } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { appItemNotificationsId, homeNotificationsProjection, type HomeNotificationDocument } from './home-notifications.projection';
import { homeNotificationsFor, type ReadableItem } from './home-notifications.visibility';

const id = appItemNotificationsId('i1');
const created = (mentioned_ids?: string[]) =>
  recorded('AppItemCreated', { app_id: 'ideas', item_id: 'i1', author_id: 'ann', values: {}, ...(mentioned_ids ? { mentioned_ids } : {}) }, { streamId: appItemStream('i1'), memberId: 'ann' });
const changed = (by: string, mentioned_ids?: string[]) =>
  recorded('AppItemChanged', { app_id: 'ideas', item_id: 'i1', values: {}, ...(mentioned_ids ? { mentioned_ids } : {}) }, { streamId: appItemStream('i1'), memberId: by });

const viewer = (memberId: string): ActivityViewer => ({ member_id: memberId, network_admin: false, external: false });
const readable = new Map<string, ReadableItem>([['i1', { app_id: 'ideas', title: 'Bike racks' }]]);
/** what a member's bell lists of the item's document (the read side's pure part) */
const bellOf = (doc: HomeNotificationDocument | null, memberId: string, items = readable) =>
  homeNotificationsFor(doc ? [doc] : [], new Map(), { viewer: viewer(memberId), groups: new Map(), calendars: new Map(), channels: new Map() }, items);

describe('home notifications: mentions in app items', () => {
  it('rings the bell of each member an item mentions once, however often edits name them again, linking to the item', () => {
    const history = [created(['bob']), changed('cat', ['bob', 'dan']), changed('ann', ['bob']), changed('dan', ['dan', 'eve'])];
    const doc = project(homeNotificationsProjection, history, id);
    expect(doc?.source).toEqual({ type: 'app_item', app_id: 'ideas', item_id: 'i1' });
    expect(doc?.entries.map((entry) => [entry.actor_id, entry.targets])).toEqual([
      ['ann', ['bob']],
      ['cat', ['dan']],
      // dan mentioning himself is nobody's news
      ['dan', ['eve']],
    ]);
    expect(bellOf(doc, 'bob').map((n) => [n.kind, n.actor_id, n.subject])).toEqual([['mentioned', 'ann', { type: 'app_item', id: 'i1', name: 'Bike racks', html_url: '/apps/ideas/items/i1' }]]);
    expect(bellOf(doc, 'dan')).toHaveLength(1);
    expect(bellOf(doc, 'ann')).toEqual([]);
    // an event applied twice adds its entry once
    expect(projectEachTwice(homeNotificationsProjection, history, id)?.entries).toEqual(doc?.entries);
  });

  it('keeps no document for items that mention nobody', () => {
    expect(homeNotificationsProjection.documentIds(created())).toEqual([]);
    expect(homeNotificationsProjection.documentIds(changed('ann', []))).toEqual([]);
    expect(project(homeNotificationsProjection, [created(), changed('ann')], id)).toBeNull();
  });

  it('shows a mention only while its item exists in its app: an item that is gone (or of another app) tells nobody', () => {
    const doc = project(homeNotificationsProjection, [created(['bob'])], id);
    expect(bellOf(doc, 'bob', new Map())).toEqual([]);
    expect(bellOf(doc, 'bob', new Map([['i1', { app_id: 'other', title: 'Bike racks' }]]))).toEqual([]);
  });
});
