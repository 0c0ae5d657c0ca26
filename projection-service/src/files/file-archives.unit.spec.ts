import type { RecordedEvent } from '@cn/domain';
import { fileArchiveDto } from './file-archives.controller';
import { fileArchivesProjection, type FileArchiveDocument } from './file-archives.projection';

const recorded = (type: string, data: Record<string, unknown>, occurredAt: string, position: number): RecordedEvent =>
  ({ id: `e${position}`, streamId: 'filearchive-a1', type, version: 1, revision: position - 1, position, data, metadata: { occurredAt, memberId: 'm1', correlationId: 'c', causationId: null } }) as unknown as RecordedEvent;

describe('archive exports read model and answer', () => {
  const requested = recorded('FileArchiveRequested', { archive_id: 'a1', member_id: 'm1', file_ids: [], folder_ids: ['d1'], current_folder_id: 'root' }, '2026-12-07T03:00:00.000Z', 1);

  it('answers initialized, then in_progress with the runner\'s percentage, then finished with the zip (its blob key never shown)', () => {
    const asked = fileArchivesProjection.evolve(null, requested, 'a1') as FileArchiveDocument;
    expect(fileArchiveDto(asked, null)).toEqual({ id: 'a1', status: 'initialized', progress: 0, createdAt: '2026-12-07T03:00:00.000Z', finishedAt: null, expiresAt: null, files: [] });
    expect(fileArchiveDto(asked, 42)).toMatchObject({ status: 'in_progress', progress: 42, files: [] });
    const done = fileArchivesProjection.evolve(
      asked,
      recorded('FileArchiveFinished', { archive_id: 'a1', outcome: 'finished', blob_key: 'ab'.repeat(32), bytes: 1234, entries: 3, error: null }, '2026-12-07T03:01:00.000Z', 2),
      'a1',
    ) as FileArchiveDocument;
    const answer = fileArchiveDto(done, null);
    expect(answer).toEqual({
      id: 'a1',
      status: 'finished',
      progress: 100,
      createdAt: '2026-12-07T03:00:00.000Z',
      finishedAt: '2026-12-07T03:01:00.000Z',
      // DEFAULT_ARCHIVE_EXPIRY_HOURS after it finished
      expiresAt: '2026-12-08T03:01:00.000Z',
      files: [{ id: 'a1', name: 'files-2026-12-07.zip', bytes: 1234, fileUrl: '/api/storage/archives/a1/download', downloadUrl: '/api/storage/archives/a1/download', extension: 'zip' }],
    });
    expect(JSON.stringify(answer)).not.toContain('ab'.repeat(32));
  });

  it('answers a failed build as failed, with nothing to download', () => {
    const asked = fileArchivesProjection.evolve(null, requested, 'a1') as FileArchiveDocument;
    const failed = fileArchivesProjection.evolve(asked, recorded('FileArchiveFinished', { archive_id: 'a1', outcome: 'failed', blob_key: null, bytes: 0, entries: 0, error: 'member_gone' }, '2026-12-07T03:01:00.000Z', 2), 'a1') as FileArchiveDocument;
    expect(fileArchiveDto(failed, 50)).toMatchObject({ status: 'failed', progress: 0, files: [] });
  });

  it('answers an expired export as expired, with nothing to download, and drops a deleted one', () => {
    const asked = fileArchivesProjection.evolve(null, requested, 'a1') as FileArchiveDocument;
    const done = fileArchivesProjection.evolve(asked, recorded('FileArchiveFinished', { archive_id: 'a1', outcome: 'finished', blob_key: 'ab'.repeat(32), bytes: 1234, entries: 3, error: null }, '2026-12-07T03:01:00.000Z', 2), 'a1') as FileArchiveDocument;
    const expired = fileArchivesProjection.evolve(done, recorded('FileArchiveExpired', { archive_id: 'a1', blob_key: 'ab'.repeat(32) }, '2026-12-08T03:01:00.000Z', 3), 'a1') as FileArchiveDocument;
    expect(expired).toMatchObject({ state: 'expired', blob_key: null, expires_at: null });
    expect(fileArchiveDto(expired, null)).toMatchObject({ status: 'expired', finishedAt: '2026-12-07T03:01:00.000Z', expiresAt: null, files: [] });
    expect(fileArchivesProjection.evolve(expired, recorded('FileArchiveDeleted', { archive_id: 'a1', member_id: 'm1', blob_key: null }, '2026-12-08T04:00:00.000Z', 4), 'a1')).toBeNull();
  });
});
