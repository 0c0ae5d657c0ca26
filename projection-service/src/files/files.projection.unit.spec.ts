import { fileStream, fileViewsStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { filesProjection } from './files.projection';

const on = { streamId: fileStream('f1'), memberId: 'max' };
const blob = { version_id: 'v1', blob_key: 'e'.repeat(64), size: 3, content_type: 'text/plain', original_filename: 'plan.txt', extension: 'txt' };
const published = { file_id: 'f1', scope_type: 'group', group_id: 'g1', folder_id: 'root-g1', name: 'Plan', description: '', author_id: 'max' };

describe('files projection: private (sealed) uploads', () => {
  it('keeps whose key seals a volatile upload, and the plain bytes once the new-files form published it', () => {
    const sealed = recorded('FileUploaded', { file_id: 'f1', uploader_id: 'max', ...blob, sealed_for: 'max' }, on);
    expect(project(filesProjection, [sealed], 'f1')?.versions[0]).toMatchObject({ blob_key: 'e'.repeat(64), sealed_for: 'max' });
    const events = [sealed, recorded('FilePublished', { ...published, blob_key: 'p'.repeat(64) }, on)];
    expect(project(filesProjection, events, 'f1')?.versions[0]).toMatchObject({ blob_key: 'p'.repeat(64), sealed_for: null, major: 1 });
    expect(projectEachTwice(filesProjection, events, 'f1')).toEqual(project(filesProjection, events, 'f1'));
  });

  it('reads an upload stored before uploads were sealed as plain bytes, published as they are', () => {
    const events = [recorded('FileUploaded', { file_id: 'f1', uploader_id: 'max', ...blob }, on), recorded('FilePublished', published, on)];
    expect(project(filesProjection, events, 'f1')?.versions[0]).toMatchObject({ blob_key: 'e'.repeat(64), sealed_for: null, major: 1 });
  });
});

describe('files projection: finalized files', () => {
  it('keeps when a file was finalized (null before), harmlessly replayed', () => {
    const events = [recorded('FileUploaded', { file_id: 'f1', uploader_id: 'max', ...blob }, on), recorded('FilePublished', published, on)];
    expect(project(filesProjection, events, 'f1')?.finalized_at).toBeNull();
    const finalized = [...events, recorded('FileFinalized', { file_id: 'f1', finalized_by: 'max', finalized_at: '2026-11-24T10:00:00.000Z' }, on)];
    expect(project(filesProjection, finalized, 'f1')).toMatchObject({ finalized_at: '2026-11-24T10:00:00.000Z', name: 'Plan', state: 'published' });
    expect(projectEachTwice(filesProjection, finalized, 'f1')).toEqual(project(filesProjection, finalized, 'f1'));
  });
});

describe('files projection: views', () => {
  it('counts the views from the views stream without touching the revision or the time an edit expects', () => {
    const events = [recorded('FileUploaded', { file_id: 'f1', uploader_id: 'max', ...blob }, on), { ...recorded('FilePublished', published, on), revision: 1 }];
    const before = project(filesProjection, events, 'f1');
    expect(before).toMatchObject({ view_count: 0, revision: 1 });
    const views = { streamId: fileViewsStream('f1') };
    const viewed = [
      ...events,
      { ...recorded('FileViewed', { file_id: 'f1', member_id: 'max' }, { ...views, memberId: 'max' }), revision: 0 },
      { ...recorded('FileViewed', { file_id: 'f1', member_id: 'ada' }, { ...views, memberId: 'ada' }), revision: 1 },
      { ...recorded('FileViewed', { file_id: 'f1', member_id: 'eva' }, { ...views, memberId: 'eva' }), revision: 2 },
    ];
    const after = project(filesProjection, viewed, 'f1');
    expect(after).toMatchObject({ view_count: 3, revision: 1, updated_at: before?.updated_at, new_position: before?.new_position });
    expect(projectEachTwice(filesProjection, viewed, 'f1')).toEqual(after);
  });
});
