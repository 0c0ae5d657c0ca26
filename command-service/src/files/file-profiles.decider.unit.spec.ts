import { groupRootFolderId, propertyDefinition, type FileEvent, type FolderEvent, type FileViewer } from '@cn/contracts';
import { DomainValidationError } from '@cn/domain';
import { deciderSpecification } from '@cn/platform/testing';
import { fileDecider, type FileCommand } from './file.decider';
import type { ProfileInput } from './file-profile';
import { folderDecider, type FilesContext, type FolderRef } from './folder.decider';

const files = deciderSpecification(fileDecider);
const folders = deciderSpecification(folderDecider);
const NOW = '2026-11-23T12:00:00.000Z';

const viewer = (memberId: string, overrides: Partial<FileViewer> = {}): FileViewer => ({ member_id: memberId, network_admin: false, external: false, group_ids: ['g1'], admin_group_ids: [], category_admin_group_ids: [], ...overrides });
const as = (memberId: string, overrides: Partial<FileViewer> = {}): FilesContext => ({ viewer: viewer(memberId, overrides), group_archived: false });
const author = as('max');
const colleague = as('eva');
const outsider = as('sam', { group_ids: [] });
const folder: FolderRef = { folder_id: 'f1', scope: { type: 'group', group_id: 'g1' }, author_id: 'ada', group_archived: false, live: true, ancestors: [groupRootFolderId('g1')] };

/** the network's file profile: a required document type, a date, a free text of at most 20 characters, and a number (no profile type) */
const properties = [
  propertyDefinition({ id: 'kind', name: 'kind', type: 'selection', label: 'Document type', required: true, options: [{ label: 'Contract', value: 'contract' }, { label: 'Minutes', value: 'minutes' }] }),
  propertyDefinition({ id: 'valid_from', name: 'valid_from', type: 'date', label: 'Valid from' }),
  propertyDefinition({ id: 'reference', name: 'reference', type: 'text', label: 'Reference', maxlength: 20 }),
  propertyDefinition({ id: 'pages', name: 'pages', type: 'number', label: 'Pages' }),
];
const on = (values: Record<string, string>): ProfileInput => ({ values, properties, enabled: true });
const off = (values: Record<string, string>): ProfileInput => ({ values, properties: [], enabled: false });

const uploaded: FileEvent = { type: 'FileUploaded', data: { file_id: 'file1', uploader_id: 'max', version_id: 'v1', blob_key: 'a'.repeat(64), size: 10, content_type: 'text/plain', original_filename: 'plan.txt', extension: 'txt' } };
const published = (profile?: Record<string, string>): FileEvent => ({
  type: 'FilePublished',
  data: { file_id: 'file1', scope_type: 'group', group_id: 'g1', folder_id: 'f1', name: 'plan.txt', description: '', author_id: 'max', ...(profile ? { profile } : {}) },
});
const publish = (profile: ProfileInput): FileCommand => ({
  type: 'PublishFile',
  folder,
  name: 'plan.txt',
  description: '',
  settings: { extension_filter: { enabled: false, type: 'deny', list: [] }, lock_period_days: 7, profiles_enabled: profile.enabled },
  context: author,
  now: NOW,
  profile,
});
const change = (context: FilesContext, profile: ProfileInput): FileCommand => ({ type: 'ChangeFileProfile', profile, context, now: NOW });
const errorsOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainValidationError ? error.errors : error;
  }
  return null;
};

describe('file and folder profiles', () => {
  it('publishes a file with the profile values that fit, trimmed, leaving empty ones out', () => {
    files.given([uploaded]).when(publish(on({ kind: 'contract', valid_from: '2026-12-01', reference: ' AZ-17 ', pages: '' }))).thenRefused('unknown_property', 'file_profile.pages');
    files.given([uploaded]).when(publish(on({ kind: 'contract', valid_from: '2026-12-01', reference: ' AZ-17 ' }))).then([published({ kind: 'contract', valid_from: '2026-12-01', reference: 'AZ-17' })]);
    files.given([uploaded]).when(publish(on({ kind: 'minutes', reference: '' }))).then([published({ kind: 'minutes' })]);
  });

  it('answers every value that does not fit at once, each at its field', () => {
    expect(errorsOf(() => files.decide([uploaded], publish(on({ valid_from: '2026-02-30', reference: 'x'.repeat(21), colour: 'red' }))))).toEqual([
      { field: 'file_profile.colour', key: 'unknown_property' },
      { field: 'file_profile.kind', key: 'required' },
      { field: 'file_profile.valid_from', key: 'invalid_date' },
      { field: 'file_profile.reference', key: 'too_long' },
    ]);
    files.given([uploaded]).when(publish(on({ kind: 'invoice' }))).thenRefused('invalid_value', 'file_profile.kind');
    files.given([uploaded]).when(publish(on({ kind: 'contract', valid_from: '2026-13-01' }))).thenRefused('invalid_date', 'file_profile.valid_from');
  });

  it('takes no profile values while the network has profiles off, and records none', () => {
    files.given([uploaded]).when(publish(off({ kind: 'contract' }))).thenRefused('profiles_disabled', 'file_profile');
    files.given([uploaded]).when(publish(off({}))).then([published()]);
  });

  it('lets whoever may change the file replace its profile, after the rules of the file itself', () => {
    const given = [uploaded, published({ kind: 'contract' })];
    files.given(given).when(change(author, on({ kind: 'minutes' }))).then([{ type: 'FileProfileChanged', data: { file_id: 'file1', profile: { kind: 'minutes' } } }]);
    // the same values again change nothing
    files.given(given).when(change(author, on({ kind: 'contract' }))).then([]);
    files.given(given).when(change(colleague, on({ kind: 'minutes' }))).thenRefused('forbidden');
    // a non-member learns nothing, not even that the values were wrong
    files.given(given).when(change(outsider, on({ kind: 'invoice' }))).thenRefused('not_found');
    files.given(given).when(change(author, off({ kind: 'minutes' }))).thenRefused('profiles_disabled', 'file_profile');
    files.given(given).when(change(author, on({}))).thenRefused('required', 'file_profile.kind');
    const state = [...given, { type: 'FileProfileChanged', data: { file_id: 'file1', profile: { kind: 'minutes' } } } as FileEvent].reduce(fileDecider.evolve, fileDecider.initialState());
    expect(state.profile).toEqual({ kind: 'minutes' });
  });

  it('gives a new folder its profile values and keeps them on an edit that names none', () => {
    const created: FolderEvent = {
      type: 'FolderCreated',
      data: { folder_id: 'f2', scope_type: 'group', group_id: 'g1', parent_folder_id: 'f1', name: 'Contracts', description: '', author_id: 'max', profile: { kind: 'contract' } },
    };
    folders.given([]).when({ type: 'CreateFolder', folder_id: 'f2', parent: folder, name: 'Contracts', description: '', context: author, profile: on({ kind: 'contract' }) }).then([created]);
    folders.given([]).when({ type: 'CreateFolder', folder_id: 'f2', parent: folder, name: 'Contracts', description: '', context: author, profile: on({ kind: 'letter' }) }).thenRefused('invalid_value', 'folder_profile.kind');
    folders.given([]).when({ type: 'CreateFolder', folder_id: 'f2', parent: folder, name: 'Contracts', description: '', context: outsider, profile: on({}) }).thenRefused('not_found', 'parent_folder_id');
    folders.given([created]).when({ type: 'EditFolder', name: 'Old contracts', description: '', context: author }).then([{ type: 'FolderEdited', data: { folder_id: 'f2', name: 'Old contracts', description: '' } }]);
    folders.given([created]).when({ type: 'EditFolder', name: 'Contracts', description: '', context: author, profile: on({ kind: 'minutes' }) }).then([
      { type: 'FolderEdited', data: { folder_id: 'f2', name: 'Contracts', description: '', profile: { kind: 'minutes' } } },
    ]);
    folders.given([created]).when({ type: 'EditFolder', name: 'Contracts', description: '', context: author, profile: off({ kind: 'minutes' }) }).thenRefused('profiles_disabled', 'folder_profile');
  });
});
