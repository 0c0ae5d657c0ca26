import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileStream, NETWORK_ROOT_FOLDER_ID, ORPHAN_GRACE_MS } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { startTestService, type TestService } from '../../__tests__/command-service-app';
import { BlobSweep } from '../blob-sweep';
import { UploadExpiry } from './upload-expiry';

jest.setTimeout(120_000);

/**
 * Uploads left volatile expire after FILES_UPLOAD_EXPIRY_HOURS on a durable timer: one due while the
 * service is down expires when it starts again (the clock here is a fake one, moved past the period while
 * the service is stopped); published uploads and uploads a post carries never expire; the sweep then
 * collects the expired upload's bytes and only those.
 */
describe('expiry of volatile uploads', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'images13-expiry-'));
  let now = new Date('2026-12-01T10:00:00.000Z');
  const clock = () => now;
  let service: TestService | null = null;

  beforeAll(() => {
    process.env['FILES_UPLOAD_EXPIRY_HOURS'] = '2';
  });
  afterAll(async () => {
    await service?.close();
    delete process.env['FILES_UPLOAD_EXPIRY_HOURS'];
    rmSync(dataDir, { recursive: true, force: true });
  });

  const types = async (running: TestService, fileId: string) => (await running.infra.eventStore.readStream(fileStream(fileId))).map((event) => event.type);

  it('expires an upload nobody published or attached once its period passed, also across a restart, and lets the sweep collect its bytes', async () => {
    const first = await startTestService({ clock, dataDir });
    service = first;
    const admin = await first.signIn('admin@example.org');
    const upload = async (name: string, text: string) => {
      const res = await first.http.post('/api/storage/files').set(admin.headers).attach('file', Buffer.from(text), name).expect(201);
      return (res.body as { id: string }).id;
    };
    const forgotten = await upload('forgotten.txt', 'never published\n');
    const kept = await upload('kept.txt', 'published\n');
    const carried = await upload('carried.txt', 'carried by a post\n');
    await first.http.post('/api/storage/files/publish').set(admin.headers).send({ files: [{ id: kept }], folder_ids: [NETWORK_ROOT_FOLDER_ID] }).expect(200);
    await first.http.post('/api/v1/activitystreams/network/activities').set(admin.headers).send({ content: '<p>Minutes</p>', attachments: [carried] }).expect(201);
    const keyOf = async (running: TestService, fileId: string) => ((await running.infra.eventStore.readStream(fileStream(fileId)))[0]?.data as { blob_key: string }).blob_key;
    const forgottenKey = await keyOf(first, forgotten);
    // the follower has seen everything: the timers are stored before the service stops
    expect(await first.app.get(UploadExpiry).waitFor(await first.infra.eventStore.headPosition(), 10_000)).toBe(true);

    // an hour later nothing has expired
    now = new Date(now.getTime() + 60 * 60_000);
    await first.close();
    service = null;
    let second = await startTestService({ clock, dataDir });
    service = second;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await types(second, forgotten)).toEqual(['FileUploaded']);

    // past the period while the service is down: the stored timer fires when it starts
    await second.close();
    service = null;
    now = new Date(now.getTime() + 90 * 60_000);
    second = await startTestService({ clock, dataDir });
    service = second;
    const running = second;
    await eventually(async () => expect(await types(running, forgotten)).toEqual(['FileUploaded', 'FileUploadExpired']), 15_000);
    const [, expired] = await second.infra.eventStore.readStream(fileStream(forgotten));
    expect(expired?.data).toEqual({ file_id: forgotten, blob_keys: [forgottenKey] });
    expect(await types(second, kept)).toEqual(['FileUploaded', 'FilePublished']);
    // a post's upload is published into the network's activity-stream folder: no longer volatile, never expired
    expect(await types(second, carried)).toEqual(['FileUploaded', 'FilePublished']);
    // the uploader can no longer publish it (as after a removal)
    const uploader = await second.signIn('admin@example.org');
    const refused = await second.http.post('/api/storage/files/publish').set(uploader.headers).send({ files: [{ id: forgotten }], folder_ids: [NETWORK_ROOT_FOLDER_ID] }).expect(422);
    expect((refused.body as { errors: unknown[] }).errors).toEqual([expect.objectContaining({ field: 'files.0.id', key: 'upload_removed' })]);

    // the sweep collects the expired upload's bytes, and only those
    const removed = await second.app.get(BlobSweep).sweep(new Date(Date.now() + ORPHAN_GRACE_MS + 60_000));
    expect(removed).toContain(forgottenKey);
    expect(await second.infra.fileStorage.stat(forgottenKey)).toBeNull();
    for (const fileId of [kept, carried]) expect(await second.infra.fileStorage.stat(await keyOf(second, fileId))).not.toBeNull();

    // a restart appends nothing more
    await second.close();
    service = await startTestService({ clock, dataDir });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await types(service, forgotten)).toEqual(['FileUploaded', 'FileUploadExpired']);
    expect(await types(service, carried)).toEqual(['FileUploaded', 'FilePublished']);
  });
});
