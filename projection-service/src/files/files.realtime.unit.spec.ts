import { FILE_ARCHIVES_COLLECTION, FILES_COLLECTION, FILES_TOPIC } from '@cn/contracts';
import { collectionName, type RecordedEvent } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { groupsProjection, type GroupDocument } from '../groups/groups.projection';
import { membersProjection, type MemberDocument } from '../members/members.projection';
import { RealtimeHub, type RealtimeMessage } from '../realtime/realtime-hub';
import { fileArchivesProjection, type FileArchiveDocument } from './file-archives.projection';
import { filesProjection, type FileDocument } from './files.projection';
import { pendingFileVersionsProjection, type PendingFileDocument } from './pending-versions.projection';
import { fileChangePublishers, fileSettingsPublisher } from './files.realtime';

describe('files realtime', () => {
  it('tells every connected console that the files settings changed (profiles switched on show their fields without a reload)', async () => {
    const hub = new RealtimeHub();
    const received: Array<[string, RealtimeMessage]> = [];
    for (const memberId of ['ada', 'max']) hub.add({ memberId, send: (message) => received.push([memberId, message]) });
    const event = { type: 'FileSettingsChanged', position: 42 } as RecordedEvent;
    await fileSettingsPublisher.publish({ collection: fileSettingsPublisher.collection, id: 'settings', doc: { _id: 'settings', _position: 42 }, event }, hub);
    expect(received).toEqual([
      ['ada', { type: 'changed', collection: FILES_COLLECTION, id: 'settings', doc: { position: 42 } }],
      ['max', { type: 'changed', collection: FILES_COLLECTION, id: 'settings', doc: { position: 42 } }],
    ]);
  });

  it("tells the open files pages of a network file's viewers that its view count changed, and no other console", async () => {
    const hub = new RealtimeHub();
    const received: Array<[string, RealtimeMessage]> = [];
    hub.add({ memberId: 'ada', topics: new Set([FILES_TOPIC]), send: (message) => received.push(['ada', message]) });
    // the uploader's console without a files page open: a view changes nothing it shows
    hub.add({ memberId: 'max', send: (message) => received.push(['max', message]) });
    const files = fileChangePublishers({} as DocumentStore).find((publisher) => publisher.collection === collectionName(filesProjection));
    const doc = { _id: 'f1', _position: 43, uploader_id: 'max', state: 'published', scope_type: 'network', group_id: null, view_count: 1 } as FileDocument;
    const viewed = { type: 'FileViewed', position: 43 } as RecordedEvent;
    await files?.publish({ collection: collectionName(filesProjection), id: 'f1', doc, event: viewed }, hub);
    expect(received).toEqual([['ada', { type: 'changed', collection: FILES_COLLECTION, id: 'f1', doc: { position: 43 } }]]);
    const renamed = { type: 'FileRenamed', position: 44 } as RecordedEvent;
    await files?.publish({ collection: collectionName(filesProjection), id: 'f1', doc: { ...doc, _position: 44 }, event: renamed }, hub);
    expect(received.slice(1).map(([memberId]) => memberId).sort()).toEqual(['ada', 'max']);
  });

  it("tells the consoles of a group's approvers that its pending versions changed: its admins and its category's administrators among its members", async () => {
    const group = { _id: 'g1', group_category_id: 'c1', member_ids: ['ada', 'cathy', 'otto', 'mia'], admin_ids: ['ada'], invites: [], requests: {} } as unknown as GroupDocument;
    const member = (id: string, administered: string[]) =>
      ({ _id: id, deleted: false, roles: { network_admin: false, external: false }, administered_category_ids: administered }) as unknown as MemberDocument;
    // carl administrates the category without belonging to the group; otto another category
    const members = [member('ada', []), member('cathy', ['c1']), member('carl', ['c1']), member('otto', ['c2']), member('mia', [])];
    const rows: Record<string, Array<{ _id: string }>> = { [collectionName(groupsProjection)]: [group], [collectionName(membersProjection)]: members };
    const store = {
      collection: (name: string) => ({
        get: (id: string) => Promise.resolve((rows[name] ?? []).find((row) => row._id === id) ?? null),
        find: () => Promise.resolve(rows[name] ?? []),
        getMany: (ids: readonly string[]) => Promise.resolve((rows[name] ?? []).filter((row) => ids.includes(row._id))),
      }),
    } as unknown as DocumentStore;
    const hub = new RealtimeHub();
    const received: string[] = [];
    for (const memberId of ['ada', 'cathy', 'carl', 'otto', 'mia']) hub.add({ memberId, send: () => received.push(memberId) });
    const pending = fileChangePublishers(store).find((publisher) => publisher.collection === collectionName(pendingFileVersionsProjection));
    const doc = { _id: 'f1', scope_type: 'group', group_id: 'g1', has_pending: true, pending: [] } as unknown as PendingFileDocument;
    await pending?.publish({ collection: collectionName(pendingFileVersionsProjection), id: 'f1', doc, event: { type: 'FileVersionProposed', position: 50 } as RecordedEvent }, hub);
    expect(received.sort()).toEqual(['ada', 'cathy']);
  });

  it("tells only the export's member that it expired or was deleted (a deleted export's document is gone: the event names the member)", async () => {
    const hub = new RealtimeHub();
    const received: Array<[string, RealtimeMessage]> = [];
    for (const memberId of ['ada', 'max']) hub.add({ memberId, send: (message) => received.push([memberId, message]) });
    const archives = fileChangePublishers({} as DocumentStore).find((publisher) => publisher.collection === collectionName(fileArchivesProjection));
    const expired = { _id: 'a1', _position: 50, member_id: 'ada', state: 'expired' } as FileArchiveDocument;
    await archives?.publish({ collection: collectionName(fileArchivesProjection), id: 'a1', doc: expired, event: { type: 'FileArchiveExpired', position: 50 } as RecordedEvent }, hub);
    const deleted = { type: 'FileArchiveDeleted', position: 51, data: { archive_id: 'a1', member_id: 'ada', blob_key: null } } as unknown as RecordedEvent;
    await archives?.publish({ collection: collectionName(fileArchivesProjection), id: 'a1', doc: null, event: deleted }, hub);
    expect(received).toEqual([
      ['ada', { type: 'changed', collection: FILE_ARCHIVES_COLLECTION, id: 'a1', doc: { position: 50 } }],
      ['ada', { type: 'changed', collection: FILE_ARCHIVES_COLLECTION, id: 'a1', doc: { position: 51 } }],
    ]);
  });
});
