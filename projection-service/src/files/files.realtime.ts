import { canSeeScope, FILE_ARCHIVES_COLLECTION, FILES_COLLECTION, FILES_TOPIC, FileViewed, managesScope } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { activeViewers } from '../calendars/calendars.read';
import { groupsCollection } from '../groups/groups.read';
import { everyConsoleHears, type ChangePublisher } from '../realtime/change-publisher';
import { fileArchivesProjection, type FileArchiveDocument } from './file-archives.projection';
import { pendingFileVersionsProjection, type PendingFileDocument } from './pending-versions.projection';
import { fileFoldersProjection, fileSettingsProjection, filesProjection, folderReadsProjection, type FileDocument, type FolderDocument, type FolderReadDocument } from './files.projection';

/**
 * A folder or file changed: its uploader hears it always (their new-files form follows the upload's
 * state), and so does every member who may see the scope (everybody for the network's files, the
 * group's members for a group's): for a file every such connected member (the unread folders badge is
 * on every page), for a folder those whose open pages watch files. The message names the item and the
 * position; the console reads it again through the read API.
 */
const publisherFor = (store: DocumentStore, collection: string): ChangePublisher => ({
  collection,
  publish: async (change, hub) => {
    const doc = change.doc as (FolderDocument | FileDocument | null);
    if (!doc) return;
    const concerned = new Set<string>();
    const file = 'uploader_id' in doc ? (doc as FileDocument) : null;
    // a view changes only the count an open files page shows, never a badge or an upload's state
    const viewed = change.event.type === FileViewed.type;
    if (file && !viewed) concerned.add(file.uploader_id);
    const published = !file || file.state !== 'volatile';
    if (published && doc.scope_type !== null) {
      // a published file changes the unread folders badge of everybody who may see it, on every page;
      // a folder (or a file's view count) only the open files pages
      const watchers = file && !viewed ? hub.connectedMembers() : hub.watching(FILES_TOPIC);
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

/** a folder opened: the member's own consoles read their unread marks and badge again */
const folderReadsPublisher: ChangePublisher = {
  collection: collectionName(folderReadsProjection),
  publish: (change, hub) => {
    const doc = change.doc as FolderReadDocument | null;
    if (doc) hub.publishTo(doc.member_id, { type: 'changed', collection: FILES_COLLECTION, id: doc.folder_id, doc: { position: change.event.position } });
    return Promise.resolve();
  },
};

/**
 * The open-review list changed (a version proposed, approved or declined, a file moved; a removal is pushed by the files publisher): the
 * scope's connected approvers (`managesScope`) read their list and its count again. Its own publisher, so a console never
 * reads the list before this read model has the change.
 */
const pendingVersionsPublisher = (store: DocumentStore): ChangePublisher => ({
  collection: collectionName(pendingFileVersionsProjection),
  publish: async (change, hub) => {
    const doc = change.doc as PendingFileDocument | null;
    if (!doc) return;
    const approvers = new Set<string>();
    if (doc.scope_type === 'network') {
      for (const memberId of hub.connectedMembers()) approvers.add(memberId);
    } else if (doc.group_id) {
      // those who manage the group's files (its admins, its category's administrators) among its members: the approve rule's facts
      const scope = { type: 'group' as const, group_id: doc.group_id };
      const members = new Set((await groupsCollection(store).get(doc.group_id))?.member_ids ?? []);
      const connected = hub.connectedMembers().filter((memberId) => members.has(memberId));
      for (const { member, viewer } of await activeViewers(store, connected)) if (canSeeScope(scope, viewer) && managesScope(scope, viewer)) approvers.add(member._id);
    }
    const message = { type: 'changed' as const, collection: FILES_COLLECTION, id: change.id, doc: { position: change.event.position } };
    for (const memberId of approvers) hub.publishTo(memberId, message);
  },
});

/**
 * The files settings changed (profiles switched, the extension filter, the lock period): every connected
 * console reads its files pages again, so profile fields appear or go without a reload.
 */
export const fileSettingsPublisher = everyConsoleHears(collectionName(fileSettingsProjection), FILES_COLLECTION);

/** an archive export asked for, ended, expired or deleted: the member's own consoles read their exports again (progress: the runner pushes it) */
const fileArchivesPublisher: ChangePublisher = {
  collection: collectionName(fileArchivesProjection),
  publish: (change, hub) => {
    const doc = change.doc as FileArchiveDocument | null;
    // a deleted export's document is gone: its member is named by the event
    const memberId = doc?.member_id ?? (change.event.type === 'FileArchiveDeleted' ? (change.event.data as { member_id: string }).member_id : null);
    if (memberId) hub.publishTo(memberId, { type: 'changed', collection: FILE_ARCHIVES_COLLECTION, id: change.id, doc: { position: change.event.position } });
    return Promise.resolve();
  },
};

export const fileChangePublishers = (store: DocumentStore): ChangePublisher[] => [
  fileArchivesPublisher,
  pendingVersionsPublisher(store),
  publisherFor(store, collectionName(fileFoldersProjection)),
  publisherFor(store, collectionName(filesProjection)),
  folderReadsPublisher,
  fileSettingsPublisher,
];
