import { ACTIVITIES_COLLECTION, FILES_COLLECTION } from '@cn/contracts';
import { QueryClient } from '@tanstack/react-query';
import { activitiesKeys, activitiesLive } from './activities-queries';

describe('the activity screens follow the files their posts carry', () => {
  it('read the streams again on a files change (a post lists only the files whose folder its reader sees), and on a stream change, not on others', () => {
    const client = new QueryClient();
    const key = activitiesKeys.stream('network');
    const fresh = () => client.setQueryData(key, { pages: [] });
    fresh();
    activitiesLive({ type: 'changed', collection: 'legal_texts', id: 'x', doc: { position: 1 } }, client);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    for (const collection of [FILES_COLLECTION, ACTIVITIES_COLLECTION]) {
      fresh();
      activitiesLive({ type: 'changed', collection, id: 'f1', doc: { position: 2 } }, client);
      expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    }
  });
});
