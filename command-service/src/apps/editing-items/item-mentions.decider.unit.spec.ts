import { mentionMarkup, propertyDefinition, type AppItemEvent, type AppViewer } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { itemDecider, type ItemCommand } from '../apps.decider';

const notes = propertyDefinition({ id: 'p-notes', name: 'notes', label: 'Notes', type: 'text', multiline: true });
const body = propertyDefinition({ id: 'p-body', name: 'body', label: 'Body', type: 'html' });
const title = propertyDefinition({ id: 'p-title', name: 'title', label: 'Title', type: 'text' });
const properties = [title, notes, body];
const ann: AppViewer = { member_id: 'ann', network_admin: false, external: false };
const base = { app_id: 'ideas', item_id: 'i1', properties, viewer: ann };
const items = deciderSpecification(itemDecider);
const p = (...parts: string[]) => `<p>${parts.join(' ')}</p>`;
const created = (values: Record<string, unknown>, mentioned_ids?: string[]): AppItemEvent => ({
  type: 'AppItemCreated',
  data: { app_id: 'ideas', item_id: 'i1', author_id: 'ann', values, ...(mentioned_ids ? { mentioned_ids } : {}) },
});
const create = (values: Record<string, unknown>, readers: string[]): ItemCommand => ({ ...base, type: 'CreateItem', values, readers });
const change = (values: Record<string, unknown>, readers: string[]): ItemCommand => ({ ...base, type: 'ChangeItem', values, readers });

describe('itemDecider: mentions in rich text', () => {
  it('names the members the rich text mentions who may read the item, never the writer, never a mention in single-line text', () => {
    const values = { 'p-notes': p('ask', mentionMarkup('bob', 'Bob'), mentionMarkup('ann', 'Ann')), 'p-body': p(mentionMarkup('cat', 'Cat'), mentionMarkup('bob', 'Bob')), 'p-title': mentionMarkup('dan', 'Dan') };
    items.given([]).when(create(values, ['bob', 'cat', 'ann', 'dan'])).then([created(values, ['bob', 'cat'])]);
  });

  it('leaves out a mentioned id who may not read the item (no member, erased): nothing in the event names them', () => {
    const values = { 'p-notes': p(mentionMarkup('ghost', 'Ghost'), mentionMarkup('bob', 'Bob')) };
    items.given([]).when(create(values, ['bob'])).then([created(values, ['bob'])]);
    items.given([]).when(create({ 'p-notes': p(mentionMarkup('ghost', 'Ghost')) }, [])).then([created({ 'p-notes': p(mentionMarkup('ghost', 'Ghost')) })]);
  });

  it('an edit names only the newly mentioned: a mention kept, or moved to another field, tells nobody again', () => {
    const first = created({ 'p-notes': p(mentionMarkup('bob', 'Bob')) }, ['bob']);
    const moved = { 'p-notes': p('gone'), 'p-body': p(mentionMarkup('bob', 'Bob'), mentionMarkup('cat', 'Cat')) };
    items.given([first]).when(change(moved, ['bob', 'cat'])).then([{ type: 'AppItemChanged', data: { app_id: 'ideas', item_id: 'i1', values: moved, mentioned_ids: ['cat'] } }]);
    const again = { 'p-notes': p('still', mentionMarkup('bob', 'Bob')) };
    items.given([first]).when(change(again, ['bob'])).then([{ type: 'AppItemChanged', data: { app_id: 'ideas', item_id: 'i1', values: again } }]);
  });
});
