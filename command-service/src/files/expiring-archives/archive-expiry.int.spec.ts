import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileArchiveStream } from '@cn/contracts';
import { toNewEvents } from '@cn/domain';
import type { ScheduledTimer } from '@cn/platform';
import { eventually } from '@cn/platform/testing';
import { startTestService, type TestService } from '../../__tests__/command-service-app';
import { ARCHIVE_EXPIRY_TIMERS_COLLECTION, ArchiveExpiry } from './archive-expiry';

jest.setTimeout(120_000);

/**
 * Finished archive exports expire a day after they finished, on a durable timer: one due while the service
 * is down fires when it starts again (the clock is a fake one, moved past the period while the service is
 * stopped), its zip's bytes are removed, and firing it again (another replica, a second start) appends
 * nothing; an export its member deleted first has no timer left.
 */
describe('expiry of archive exports', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'archive-expiry-'));
  let now = new Date('2026-12-01T10:00:00.000Z');
  const clock = () => now;
  let service: TestService | null = null;

  afterAll(async () => {
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const types = async (running: TestService, archiveId: string) => (await running.infra.eventStore.readStream(fileArchiveStream(archiveId))).map((event) => event.type);
  const timers = (running: TestService) => running.infra.documentStore.collection<ScheduledTimer>(ARCHIVE_EXPIRY_TIMERS_COLLECTION).find({});
  /** what the projection service records for an export it built: the request, then the zip it stored */
  const finishedExport = async (running: TestService, memberId: string, zip: Buffer): Promise<{ id: string; key: string }> => {
    const id = randomUUID();
    const stored = await running.infra.fileStorage.put([zip]);
    const context = { memberId, correlationId: randomUUID(), causationId: 'spec' };
    await running.infra.eventStore.append(
      fileArchiveStream(id),
      toNewEvents(
        [
          { type: 'FileArchiveRequested', data: { archive_id: id, member_id: memberId, file_ids: [], folder_ids: ['root'], current_folder_id: null } },
          { type: 'FileArchiveFinished', data: { archive_id: id, outcome: 'finished', blob_key: stored.key, bytes: stored.size, entries: 1, error: null } },
        ],
        context,
        clock(),
      ),
      { expectedRevision: 'no_stream' },
    );
    return { id, key: stored.key };
  };

  it('expires a finished export once its day passed, also across a restart, removing its bytes; a deleted one has no timer', async () => {
    const first = await startTestService({ clock, dataDir });
    service = first;
    const admin = await first.signIn('admin@example.org');
    const expiring = await finishedExport(first, admin.memberId, Buffer.from('PK zip to expire'));
    const deleted = await finishedExport(first, admin.memberId, Buffer.from('PK zip to delete'));
    expect(await first.app.get(ArchiveExpiry).waitFor(await first.infra.eventStore.headPosition(), 10_000)).toBe(true);
    // one timer each, due a day after the build finished
    expect((await timers(first)).map((timer) => [timer.payload, timer.due_at]).sort()).toEqual(
      [
        [{ archive_id: expiring.id }, '2026-12-02T10:00:00.000Z'],
        [{ archive_id: deleted.id }, '2026-12-02T10:00:00.000Z'],
      ].sort(),
    );

    // the member deletes one: its bytes go at once, and so does its timer
    await first.http.delete(`/api/storage/archives/${deleted.id}`).set(admin.headers).expect(200);
    expect(await types(first, deleted.id)).toEqual(['FileArchiveRequested', 'FileArchiveFinished', 'FileArchiveDeleted']);
    expect(await first.infra.fileStorage.stat(deleted.key)).toBeNull();
    await eventually(async () => expect((await timers(first)).map((timer) => timer.payload)).toEqual([{ archive_id: expiring.id }]), 10_000);
    expect(await first.infra.fileStorage.stat(expiring.key)).not.toBeNull();

    // past the period while the service is down: the stored timer fires when it starts
    await first.close();
    service = null;
    now = new Date(now.getTime() + 25 * 60 * 60_000);
    const second = await startTestService({ clock, dataDir });
    service = second;
    await eventually(async () => expect(await types(second, expiring.id)).toEqual(['FileArchiveRequested', 'FileArchiveFinished', 'FileArchiveExpired']), 15_000);
    const [, , expired] = await second.infra.eventStore.readStream(fileArchiveStream(expiring.id));
    expect(expired?.data).toEqual({ archive_id: expiring.id, blob_key: expiring.key });
    await eventually(async () => expect(await second.infra.fileStorage.stat(expiring.key)).toBeNull(), 10_000);
    await eventually(async () => expect(await timers(second)).toEqual([]), 10_000);

    // the same timer firing in two places at once (two replicas) records the expiry once
    const expiry = second.app.get(ArchiveExpiry);
    await Promise.all([expiry.expire(expiring.id), expiry.expire(expiring.id)]);
    expect(await types(second, expiring.id)).toEqual(['FileArchiveRequested', 'FileArchiveFinished', 'FileArchiveExpired']);
    // an expired export may still be deleted (it leaves the list); once
    await second.http.delete(`/api/storage/archives/${expiring.id}`).set((await second.signIn('admin@example.org')).headers).expect(200);
    expect(await types(second, expiring.id)).toEqual(['FileArchiveRequested', 'FileArchiveFinished', 'FileArchiveExpired', 'FileArchiveDeleted']);
  });

  it('fires two replicas’ timers for one fresh export into one expiry', async () => {
    const running = service ?? (await startTestService({ clock, dataDir }));
    service = running;
    const admin = await running.signIn('admin@example.org');
    const fresh = await finishedExport(running, admin.memberId, Buffer.from('PK zip raced'));
    const expiry = running.app.get(ArchiveExpiry);
    await Promise.all([expiry.expire(fresh.id), expiry.expire(fresh.id), expiry.expire(fresh.id)]);
    expect(await types(running, fresh.id)).toEqual(['FileArchiveRequested', 'FileArchiveFinished', 'FileArchiveExpired']);
    expect(await running.infra.fileStorage.stat(fresh.key)).toBeNull();
  });
});
