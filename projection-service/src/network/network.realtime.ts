import { type DocumentStore } from '@cn/platform';
import { collectionName } from '@cn/domain';
import type { ChangePublisher } from '../realtime/change-publisher';
import { loadActiveMember } from '../members/members.read';
import { networkProjection, type NetworkDocument } from './network.projection';
import { mapConfigOf, networkConfigOf } from './network-response';

/**
 * Network configuration to every connected member (with the map's, which the server's tile URL decides too:
 * turning the map on or off shows at once); the full settings to network administrators too.
 */
export const networkChangePublisher = (store: DocumentStore, mapTileUrl?: string): ChangePublisher => ({
  collection: collectionName(networkProjection),
  publish: async (change, hub) => {
    if (change.doc === null) return;
    const doc = change.doc as NetworkDocument;
    const config = { ...networkConfigOf({ settings: doc.settings, position: doc._position }), maps: mapConfigOf(doc.settings.member, mapTileUrl, doc.geocoded_location) };
    await hub.publishEach(() => ({ type: 'changed', collection: 'network', id: doc._id, doc: config }));
    await hub.publishEach(async (viewerId) => {
      const viewer = await loadActiveMember(store, viewerId);
      return viewer?.roles.network_admin
        ? { type: 'changed', collection: 'settings', id: doc._id, doc: doc.settings }
        : null;
    });
  },
});
