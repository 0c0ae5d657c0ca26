import { fileAbilities, groupRootFolderId, type FileEvent, type FileViewer } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { fileDecider, type FileCommand } from './file.decider';
import type { FilesContext, FolderRef } from './folder.decider';

const files = deciderSpecification(fileDecider);
const NOW = '2026-11-23T12:00:00.000Z';
const LATER = '2026-11-30T12:00:00.000Z';

const viewer = (memberId: string, overrides: Partial<FileViewer> = {}): FileViewer => ({ member_id: memberId, network_admin: false, external: false, group_ids: ['g1'], admin_group_ids: [], category_admin_group_ids: [], ...overrides });
const as = (memberId: string, overrides: Partial<FileViewer> = {}): FilesContext => ({ viewer: viewer(memberId, overrides), group_archived: false });
const author = as('max');
const groupAdmin = as('ada', { admin_group_ids: ['g1'] });
const colleague = as('eva');
const outsider = as('sam', { group_ids: [] });
const target: FolderRef = { folder_id: 'f2', scope: { type: 'group', group_id: 'g1' }, author_id: 'ada', group_archived: false, live: true, ancestors: [groupRootFolderId('g1')] };
const settings = { extension_filter: { enabled: false, type: 'deny' as const, list: [] }, lock_period_days: 7, profiles_enabled: false };
const blob = { version_id: 'v2', blob_key: 'b'.repeat(64), size: 12, content_type: 'text/plain', original_filename: 'plan.txt', extension: 'txt' };

const uploaded: FileEvent = { type: 'FileUploaded', data: { file_id: 'file1', uploader_id: 'max', version_id: 'v1', blob_key: 'a'.repeat(64), size: 10, content_type: 'text/plain', original_filename: 'plan.txt', extension: 'txt' } };
const published: FileEvent = { type: 'FilePublished', data: { file_id: 'file1', scope_type: 'group', group_id: 'g1', folder_id: 'f1', name: 'plan.txt', description: '', author_id: 'max' } };
const finalized = (by: string): FileEvent => ({ type: 'FileFinalized', data: { file_id: 'file1', finalized_by: by, finalized_at: NOW } });
const proposed: FileEvent = { type: 'FileVersionAdded', data: { file_id: 'file1', ...blob, major: null, author_id: 'eva', description: '', pending: true } };
const finalize = (context: FilesContext): FileCommand => ({ type: 'FinalizeFile', context, now: NOW });
const live = [uploaded, published];

describe('finalizing a file', () => {
  it('lets the author and the scope admin finalize, recording who and when', () => {
    files.given(live).when(finalize(author)).then([finalized('max')]);
    files.given(live).when(finalize(groupAdmin)).then([finalized('ada')]);
  });

  it('refuses members without can.update (403), non-members (404), a second finalization (409) and open proposals (422)', () => {
    files.given(live).when(finalize(colleague)).thenRefused('forbidden');
    files.given(live).when(finalize(outsider)).thenRefused('not_found');
    files.given([...live, finalized('max')]).when(finalize(groupAdmin)).thenRefused('file_finalized');
    files.given([...live, proposed]).when(finalize(author)).thenRefused('pending_versions');
    // the proposer may not finalize either: the right is the change right, not the proposal right
    files.given([...live, proposed]).when(finalize(colleague)).thenRefused('forbidden');
    // someone else's lock is the usual 409
    const locked: FileEvent = { type: 'FileLocked', data: { file_id: 'file1', locked_by: 'eva', locked_until: LATER } };
    files.given([...live, locked]).when(finalize(author)).thenRefused('file_locked');
  });

  it('keeps a finalized file as it is: no version, move, rename, profile edit, lock or removal, for anyone', () => {
    const given = [...live, finalized('max')];
    const timed = (context: FilesContext) => ({ context, now: NOW });
    for (const context of [author, groupAdmin, colleague]) {
      files.given(given).when({ type: 'AddVersion', blob, description: '', settings, ...timed(context) }).thenRefused('file_finalized');
      files.given(given).when({ type: 'MoveFile', target, ...timed(context) }).thenRefused('file_finalized');
      files.given(given).when({ type: 'RenameFile', name: 'other.txt', ...timed(context) }).thenRefused('file_finalized');
      files.given(given).when({ type: 'ChangeFileProfile', profile: { values: {}, properties: [], enabled: true }, ...timed(context) }).thenRefused('file_finalized');
      files.given(given).when({ type: 'RemoveFile', ...timed(context) }).thenRefused('file_finalized');
      files.given(given).when({ type: 'LockFile', locked_until: LATER, ...timed(context) }).thenRefused('file_finalized');
    }
    // a non-member still learns nothing
    files.given(given).when({ type: 'RenameFile', name: 'other.txt', ...timed(outsider) }).thenRefused('not_found');
  });

  it('still lets a lock held before the finalization be lifted', () => {
    const locked: FileEvent = { type: 'FileLocked', data: { file_id: 'file1', locked_by: 'max', locked_until: LATER } };
    files.given([...live, locked, finalized('max')]).when({ type: 'UnlockFile', context: author, now: NOW }).then([{ type: 'FileUnlocked', data: { file_id: 'file1' } }]);
  });

  it('answers can flags that say the same', () => {
    const facts = { scope: { type: 'group' as const, group_id: 'g1' }, author_id: 'max', locked_by: null, locked_until: null, group_archived: false };
    const now = new Date(NOW);
    expect(fileAbilities(facts, author.viewer, now).finalize).toBe(true);
    expect(fileAbilities(facts, colleague.viewer, now).finalize).toBe(false);
    expect(fileAbilities({ ...facts, pending_versions: 1 }, author.viewer, now).finalize).toBe(false);
    expect(fileAbilities({ ...facts, finalized_at: NOW }, groupAdmin.viewer, now)).toEqual({ update: false, move: false, destroy: false, lock: false, unlock: false, add_version: false, approve: true, finalize: false });
  });
});
