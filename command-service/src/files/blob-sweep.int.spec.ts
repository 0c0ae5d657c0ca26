import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileStream } from '@cn/contracts';
import { createInfrastructure, loadConfig, type Infrastructure } from '@cn/platform';
import { holdingBus, newTestEvent } from '@cn/platform/testing';
import { BlobSweep, FILES_LOOKUP_GROUP } from './blob-sweep';

/**
 * The sweep (and an erasure's check) asks whether the blob references have caught up with the log: with the
 * newest event of the types they apply, not with the log's head, which every other member's change moves.
 */
describe('the blob references count as caught up at the newest event of their types', () => {
  let dataDir: string;
  let infra: Infrastructure;
  let held: ReturnType<typeof holdingBus>;
  let sweep: BlobSweep;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cn-blob-sweep-'));
    infra = await createInfrastructure(loadConfig({ DATA_DIR: dataDir, PASSWORD_SCRYPT_N: '1024' }), { service: 'blob-sweep-test' });
    held = holdingBus(infra.bus, FILES_LOOKUP_GROUP);
    sweep = new BlobSweep({ ...infra, bus: held.bus });
    await sweep.onApplicationBootstrap();
  });
  afterAll(async () => {
    held.release();
    await sweep.onApplicationShutdown();
    await infra.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('does not wait for events of other types, and waits for one of its own', async () => {
    expect(await sweep.caughtUp(5000)).toBe(true);
    held.hold();
    await infra.eventStore.append('unrelated', Array.from({ length: 20 }, (_, n) => newTestEvent('UnrelatedHappened', { n })), { expectedRevision: 'any' });
    // held behind the head: waiting for the log's head would give up (false)
    expect(await sweep.caughtUp(300)).toBe(true);
    const fileId = randomUUID();
    await infra.eventStore.append(fileStream(fileId), [newTestEvent('FileUploadExpired', { file_id: fileId, blob_keys: [] })], { expectedRevision: 'any' });
    expect(await sweep.caughtUp(300)).toBe(false);
    held.release();
    expect(await sweep.caughtUp(5000)).toBe(true);
  });
});
