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
});
