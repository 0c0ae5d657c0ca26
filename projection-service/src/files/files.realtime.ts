import { FILES_COLLECTION, FILES_TOPIC } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { groupsCollection } from '../groups/groups.read';
import type { ChangePublisher } from '../realtime/change-publisher';
import { fileFoldersProjection, filesProjection, type FileDocument, type FolderDocument } from './files.projection';

/**
 * A folder or file changed: its uploader hears it always (their new-files form follows the upload's
 * state), and so does every member whose open pages watch files and who may see the scope: everybody
 * for the network's files, the group's members for a group's. The message names the item and the
 * position; the console reads it again through the read API.
 */
const publisherFor = (store: DocumentStore, collection: string): ChangePublisher => ({
  collection,
  publish: async (change, hub) => {
    const doc = change.doc as (FolderDocument | FileDocument | null);
    if (!doc) return;
    const concerned = new Set<string>();
    const file = 'uploader_id' in doc ? (doc as FileDocument) : null;
    if (file) concerned.add(file.uploader_id);
    const published = !file || file.state !== 'volatile';
    if (published && doc.scope_type !== null) {
      const watchers = hub.watching(FILES_TOPIC);
      if (doc.scope_type === 'network') {
        for (const memberId of watchers) concerned.add(memberId);
      } else if (doc.group_id) {
        const members = new Set((await groupsCollection(store).get(doc.group_id))?.member_ids ?? []);
        for (const memberId of watchers) if (members.has(memberId)) concerned.add(memberId);
      }
    }
    const message = { type: 'changed' as const, collection: FILES_COLLECTION, id: change.id, doc: { position: change.event.position } };
    for (const memberId of concerned) hub.publishTo(memberId, message);
  },
});

export const fileChangePublishers = (store: DocumentStore): ChangePublisher[] => [
  publisherFor(store, collectionName(fileFoldersProjection)),
  publisherFor(store, collectionName(filesProjection)),
];
