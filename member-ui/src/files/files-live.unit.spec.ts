import { GROUP_CATEGORIES_COLLECTION, GROUPS_COLLECTION } from '@cn/contracts';
import { QueryClient } from '@tanstack/react-query';
import { filesKeys, filesLive } from './files-queries';

describe('the files pages follow the rights they show', () => {
  it('read the open files pages again when a group or a category changes (a member named its category\'s administrator manages its files at once), not on other changes', () => {
    const client = new QueryClient();
    const key = filesKeys.folder('root-g1');
    const fresh = () => client.setQueryData(key, { folder: { id: 'root-g1' } });
    fresh();
    filesLive({ type: 'changed', collection: 'legal_texts', id: 'x', doc: { position: 1 } }, client);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    for (const collection of [GROUP_CATEGORIES_COLLECTION, GROUPS_COLLECTION]) {
      fresh();
      filesLive({ type: 'changed', collection, id: 'c1', doc: { position: 2 } }, client);
      expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    }
  });
});
