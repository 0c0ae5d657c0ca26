import { DEFAULT_FILE_SETTINGS, type FileEvent, type FileViewer } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { fileDecider, WopiLockMismatch, type FileCommand, type UploadedBlob } from './file.decider';
import type { FilesContext } from './folder.decider';

/** The office suite's locks (WOPI) on the file's own lock, and its saves, decided by the file's decider. */
const files = deciderSpecification(fileDecider);
const NOW = '2026-11-23T12:00:00.000Z';
const IN_30_MINUTES = '2026-11-23T12:30:00.000Z';
const LATER = '2026-11-30T12:00:00.000Z';

const as = (memberId: string, overrides: Partial<FileViewer> = {}): FilesContext => ({
  viewer: { member_id: memberId, network_admin: false, external: false, group_ids: ['g1'], admin_group_ids: [], category_admin_group_ids: [], ...overrides },
  group_archived: false,
});
const author = as('max');
const colleague = as('eva');
const outsider = as('sam', { group_ids: [] });
const blob = (overrides: Partial<UploadedBlob> = {}): UploadedBlob => ({ version_id: 'v1', blob_key: 'a'.repeat(64), size: 10, content_type: 'text/plain', original_filename: 'plan.docx', extension: 'docx', ...overrides });
const uploaded: FileEvent = { type: 'FileUploaded', data: { file_id: 'file1', uploader_id: 'max', ...blob() } };
const published: FileEvent = { type: 'FilePublished', data: { file_id: 'file1', scope_type: 'group', group_id: 'g1', folder_id: 'f1', name: 'plan.docx', description: '', author_id: 'max' } };
const wopiLocked = (memberId: string, lock: string, until = IN_30_MINUTES): FileEvent => ({ type: 'FileLocked', data: { file_id: 'file1', locked_by: memberId, locked_until: until, wopi_lock: lock } });
const plainLock = (memberId: string): FileEvent => ({ type: 'FileLocked', data: { file_id: 'file1', locked_by: memberId, locked_until: LATER } });
const timed = (context: FilesContext) => ({ context, now: NOW });
const save = (context: FilesContext, lock: string | null): FileCommand => ({ type: 'AddVersion', blob: blob({ version_id: 'v2', blob_key: 'b'.repeat(64) }), description: '', settings: DEFAULT_FILE_SETTINGS, wopi_lock: lock, ...timed(context) });
const mismatch = (given: FileEvent[], command: FileCommand): string => {
  try {
    files.decide(given, command);
  } catch (error) {
    if (error instanceof WopiLockMismatch) return error.currentLock;
    throw error;
  }
  throw new Error('no mismatch');
};

describe('WOPI locks and saves', () => {
  it('locks for the suite for 30 minutes, refreshes with the same id and refuses another with the current one', () => {
    files.given([uploaded, published]).when({ type: 'WopiLock', lock: 'L1', ...timed(author) }).then([wopiLocked('max', 'L1')]);
    files.given([uploaded, published, wopiLocked('max', 'L1')]).when({ type: 'WopiRefreshLock', lock: 'L1', ...timed(author) }).then([wopiLocked('max', 'L1')]);
    expect(mismatch([uploaded, published, wopiLocked('max', 'L1')], { type: 'WopiLock', lock: 'L2', ...timed(author) })).toBe('L1');
    expect(mismatch([uploaded, published], { type: 'WopiUnlock', lock: 'L1', ...timed(author) })).toBe('');
    // a lock that ran out is no lock
    files.given([uploaded, published, wopiLocked('eva', 'L1', '2026-11-23T11:00:00.000Z')]).when({ type: 'WopiLock', lock: 'L2', ...timed(author) }).then([wopiLocked('max', 'L2')]);
  });

  it('relocks only the lock it names, and unlocks with the id', () => {
    expect(mismatch([uploaded, published, wopiLocked('max', 'L1')], { type: 'WopiLock', lock: 'L3', old_lock: 'L2', ...timed(author) })).toBe('L1');
    files.given([uploaded, published, wopiLocked('max', 'L1')]).when({ type: 'WopiLock', lock: 'L3', old_lock: 'L1', ...timed(author) }).then([wopiLocked('max', 'L3')]);
    files.given([uploaded, published, wopiLocked('max', 'L1')]).when({ type: 'WopiUnlock', lock: 'L1', ...timed(author) }).then([{ type: 'FileUnlocked', data: { file_id: 'file1' } }]);
  });

  it('passes a member\'s own console lock to the suite, but not another member\'s', () => {
    files.given([uploaded, published, plainLock('max')]).when({ type: 'WopiLock', lock: 'L1', ...timed(author) }).then([wopiLocked('max', 'L1')]);
    expect(mismatch([uploaded, published, plainLock('max')], { type: 'WopiLock', lock: 'L1', ...timed(colleague) })).toBe('');
  });

  it('saves through the lock it names: co-editors alike, each with their own rights; a non-member never', () => {
    const given = [uploaded, published, wopiLocked('max', 'L1')];
    expect(files.decide(given, save(author, 'L1'))).toMatchObject([{ type: 'FileVersionAdded', data: { major: 2, pending: false, author_id: 'max' } }]);
    // the colleague may not change the author's file: their save is a proposal, even through the author's suite lock
    expect(files.decide(given, save(colleague, 'L1'))).toMatchObject([{ type: 'FileVersionAdded', data: { major: null, pending: true, author_id: 'eva' } }]);
    expect(mismatch(given, save(author, 'L2'))).toBe('L1');
    expect(mismatch(given, save(author, null))).toBe('L1');
    files.given(given).when(save(outsider, 'L1')).thenRefused('not_found');
    files.given(given).when({ type: 'WopiLock', lock: 'L1', ...timed(outsider) }).thenRefused('not_found');
  });

  it('takes a save without a lock only into an empty file, and none into a finalized one', () => {
    expect(mismatch([uploaded, published], save(author, null))).toBe('');
    const empty: FileEvent = { type: 'FileUploaded', data: { file_id: 'file1', uploader_id: 'max', ...blob({ size: 0 }) } };
    expect(files.decide([empty, published], save(author, null))).toMatchObject([{ type: 'FileVersionAdded' }]);
    const finalized: FileEvent = { type: 'FileFinalized', data: { file_id: 'file1', finalized_by: 'max', finalized_at: NOW } };
    expect(mismatch([uploaded, published, finalized], save(author, null))).toBe('');
    expect(mismatch([uploaded, published, finalized], { type: 'WopiLock', lock: 'L1', ...timed(author) })).toBe('');
  });
});
