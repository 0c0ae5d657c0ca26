import type { FileArchiveEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { fileArchiveDecider, type RequestFileArchive } from './file-archive.decider';

const request = (overrides: Partial<RequestFileArchive> = {}): RequestFileArchive => ({
  type: 'RequestFileArchive',
  archive_id: 'a1',
  member_id: 'm1',
  files: [{ id: 'f1', visible: true }],
  folders: [{ id: 'd1', visible: true }],
  current_folder_id: 'root',
  ...overrides,
});
const requested: FileArchiveEvent = { type: 'FileArchiveRequested', data: { archive_id: 'a1', member_id: 'm1', file_ids: ['f1'], folder_ids: ['d1'], current_folder_id: 'root' } };

describe('file archive decider', () => {
  const spec = deciderSpecification(fileArchiveDecider);

  it('records what the member may read as one export', () => {
    spec.given([]).when(request()).then([requested]);
    spec.given([]).when(request({ files: [], current_folder_id: null })).then([{ type: 'FileArchiveRequested', data: { archive_id: 'a1', member_id: 'm1', file_ids: [], folder_ids: ['d1'], current_folder_id: null } }]);
  });

  it('refuses an item the member may not read as not found, naming it, and an empty selection as invalid', () => {
    expect(spec.given([]).when(request({ folders: [{ id: 'd1', visible: true }, { id: 'group-folder', visible: false }] })).thenRefused('not_found', 'folder_ids.1').kind).toBe('not_found');
    expect(spec.given([]).when(request({ files: [{ id: 'group-file', visible: false }] })).thenRefused('not_found', 'file_ids.0').kind).toBe('not_found');
    expect(spec.given([]).when(request({ files: [], folders: [] })).thenRefused('required', 'file_ids').kind).toBe('invalid');
  });

  it('asks for an export once (its id is new every time)', () => {
    expect(spec.given([requested]).when(request()).thenRefused('concurrency_conflict').kind).toBe('conflict');
  });

  const key = 'ab'.repeat(32);
  const finished: FileArchiveEvent = { type: 'FileArchiveFinished', data: { archive_id: 'a1', outcome: 'finished', blob_key: key, bytes: 10, entries: 1, error: null } };
  const failed: FileArchiveEvent = { type: 'FileArchiveFinished', data: { archive_id: 'a1', outcome: 'failed', blob_key: null, bytes: 0, entries: 0, error: 'member_gone' } };
  const expired: FileArchiveEvent = { type: 'FileArchiveExpired', data: { archive_id: 'a1', blob_key: key } };

  it('expires a finished export once, naming its zip; nothing for one unfinished, failed, expired or deleted', () => {
    spec.given([requested, finished]).when({ type: 'ExpireFileArchive' }).then([expired]);
    spec.given([requested, finished, expired]).when({ type: 'ExpireFileArchive' }).then([]);
    spec.given([requested]).when({ type: 'ExpireFileArchive' }).then([]);
    spec.given([requested, failed]).when({ type: 'ExpireFileArchive' }).then([]);
    spec.given([requested, finished, { type: 'FileArchiveDeleted', data: { archive_id: 'a1', member_id: 'm1', blob_key: key } }]).when({ type: 'ExpireFileArchive' }).then([]);
    spec.given([]).when({ type: 'ExpireFileArchive' }).then([]);
  });

  it("deletes the member's own export (with its zip while it has one); anyone else's is not found, a build in progress a conflict", () => {
    spec.given([requested, finished]).when({ type: 'DeleteFileArchive', member_id: 'm1' }).then([{ type: 'FileArchiveDeleted', data: { archive_id: 'a1', member_id: 'm1', blob_key: key } }]);
    spec.given([requested, finished, expired]).when({ type: 'DeleteFileArchive', member_id: 'm1' }).then([{ type: 'FileArchiveDeleted', data: { archive_id: 'a1', member_id: 'm1', blob_key: null } }]);
    spec.given([requested, failed]).when({ type: 'DeleteFileArchive', member_id: 'm1' }).then([{ type: 'FileArchiveDeleted', data: { archive_id: 'a1', member_id: 'm1', blob_key: null } }]);
    expect(spec.given([requested, finished]).when({ type: 'DeleteFileArchive', member_id: 'm2' }).thenRefused('not_found').kind).toBe('not_found');
    expect(spec.given([]).when({ type: 'DeleteFileArchive', member_id: 'm1' }).thenRefused('not_found').kind).toBe('not_found');
    expect(spec.given([requested, finished, { type: 'FileArchiveDeleted', data: { archive_id: 'a1', member_id: 'm1', blob_key: key } }]).when({ type: 'DeleteFileArchive', member_id: 'm1' }).thenRefused('not_found').kind).toBe('not_found');
    expect(spec.given([requested]).when({ type: 'DeleteFileArchive', member_id: 'm1' }).thenRefused('archive_in_progress').kind).toBe('conflict');
  });
});
