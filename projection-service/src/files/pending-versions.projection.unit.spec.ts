import { fileStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { pendingFileVersionsProjection } from './pending-versions.projection';

const on = { streamId: fileStream('f1'), memberId: 'max' };
const blob = (version_id: string, original_filename: string) => ({ version_id, blob_key: 'a'.repeat(64), size: 3, content_type: 'text/plain', original_filename, extension: 'txt' });
const uploaded = recorded('FileUploaded', { file_id: 'f1', uploader_id: 'max', ...blob('v1', 'plan.txt') }, on);
const published = recorded('FilePublished', { file_id: 'f1', scope_type: 'group', group_id: 'g1', folder_id: 'root-g1', name: 'Plan', description: 'the plan', author_id: 'max' }, on);
const proposed = (version: string, author: string, pending = true) =>
  recorded('FileVersionAdded', { file_id: 'f1', ...blob(version, `plan-${version}.txt`), major: pending ? null : 2, author_id: author, description: `by ${author}`, pending }, { ...on, memberId: author });

describe('pending file versions projection (the open-review read model)', () => {
  it('keeps nothing for a volatile upload, and a published file without pending versions is not awaiting review', () => {
    expect(project(pendingFileVersionsProjection, [uploaded], 'f1')).toBeNull();
    expect(project(pendingFileVersionsProjection, [uploaded, published], 'f1')).toMatchObject({ scope_type: 'group', group_id: 'g1', folder_id: 'root-g1', name: 'Plan', has_pending: false, pending: [] });
  });

  it('lists pending versions with their author and date, and not versions published directly', () => {
    const doc = project(pendingFileVersionsProjection, [uploaded, published, proposed('v2', 'ada'), proposed('v3', 'max', false)], 'f1');
    expect(doc).toMatchObject({ has_pending: true, pending: [{ version_id: 'v2', original_filename: 'plan-v2.txt', author_id: 'ada', description: 'by ada' }] });
    expect(doc?.pending).toHaveLength(1);
    expect(doc?.pending[0].created_at).toMatch(/^2026-01-01T/);
  });

  it('drops a version once approved or declined, and clears has_pending with the last one', () => {
    const start = [uploaded, published, proposed('v2', 'ada'), proposed('v3', 'bob')];
    const approved = project(pendingFileVersionsProjection, [...start, recorded('FileVersionApproved', { file_id: 'f1', version_id: 'v2', major: 2, approver_id: 'max' }, on)], 'f1');
    expect(approved).toMatchObject({ has_pending: true, pending: [{ version_id: 'v3' }] });
    const declined = project(pendingFileVersionsProjection, [recorded('FileVersionDeclined', { file_id: 'f1', version_id: 'v3', decliner_id: 'max' }, on)], 'f1', approved);
    expect(declined).toMatchObject({ has_pending: false, pending: [] });
  });

  it('follows moves and renames, leaves a removed file out of review, and brings it back when a batch restores it', () => {
    const start = [uploaded, published, proposed('v2', 'ada')];
    const moved = project(
      pendingFileVersionsProjection,
      [...start, recorded('FileMoved', { file_id: 'f1', from_folder_id: 'root-g1', folder_id: 'd1' }, on), recorded('FileRenamed', { file_id: 'f1', name: 'Plan B' }, on)],
      'f1',
    );
    expect(moved).toMatchObject({ folder_id: 'd1', name: 'Plan B', has_pending: true });
    const removed = project(pendingFileVersionsProjection, [recorded('FileRemoved', { file_id: 'f1' }, on)], 'f1', moved);
    expect(removed).toMatchObject({ removed: true, has_pending: false });
    expect(project(pendingFileVersionsProjection, [recorded('FileRestored', { file_id: 'f1' }, on)], 'f1', removed)).toMatchObject({ removed: false, has_pending: true, pending: [{ version_id: 'v2' }] });
  });

  it('changes nothing when events are applied twice', () => {
    const events = [uploaded, published, proposed('v2', 'ada'), proposed('v3', 'bob'), recorded('FileVersionDeclined', { file_id: 'f1', version_id: 'v2', decliner_id: 'max' }, on)];
    const once = project(pendingFileVersionsProjection, events, 'f1');
    expect(projectEachTwice(pendingFileVersionsProjection, events, 'f1')).toEqual(once);
    expect(once).toMatchObject({ pending: [{ version_id: 'v3' }] });
  });
});
