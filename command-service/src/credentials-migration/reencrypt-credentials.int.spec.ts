import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_NETWORK_SETTINGS, memberStream, networkStream, type SealedSecret } from '@cn/contracts';
import { createInfrastructure, createSqliteEventStore, loadConfig, type Infrastructure } from '@cn/platform';
import { type NewEvent } from '@cn/domain';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { copyLogSealingCredentials, reencryptSqliteLog } from './reencrypt-credentials';

const run = promisify(execFile);
const metadata = (schemaVersion: number): NewEvent['metadata'] => ({
  memberId: null,
  occurredAt: '2025-01-01T00:00:00.000Z',
  correlationId: 'c',
  causationId: 'c',
  schemaVersion,
});

/** a log as an earlier version wrote it: two members with their hash in clear text, and other events */
const writeLegacyLog = async (infra: Infrastructure): Promise<{ ids: string[]; hashes: string[] }> => {
  const ids = [randomUUID(), randomUUID()];
  const hashes: string[] = [];
  for (const [index, id] of ids.entries()) {
    const hash = await hashPassword(`old passphrase ${index}`, { N: 1024 });
    hashes.push(hash);
    await infra.eventStore.append(
      memberStream(id),
      [
        {
          id: randomUUID(),
          type: 'MemberRegistered',
          data: {
            member_id: id,
            email: await infra.cipher.encrypt(id, `m${index}@example.org`),
            first_name: await infra.cipher.encrypt(id, 'M'),
            last_name: await infra.cipher.encrypt(id, String(index)),
            password_hash: hash,
            roles: { network_admin: false, auditor: false, external: false },
          },
          metadata: metadata(1),
        },
        { id: randomUUID(), type: 'MemberPresenceChanged', data: { member_id: id, type: 'busy', text: await infra.cipher.encrypt(id, 'away') }, metadata: metadata(1) },
      ],
      { expectedRevision: 'no_stream' },
    );
  }
  await infra.eventStore.append(networkStream('n1'), [{ id: randomUUID(), type: 'NetworkBasicSettingsChanged', data: { network_id: 'n1', basic: { ...DEFAULT_NETWORK_SETTINGS.basic, name: 'X' }, changed_fields: ['name'] }, metadata: metadata(1) }], {
    expectedRevision: 'no_stream',
  });
  return { ids, hashes };
};

const bytesOf = (dir: string, name: string): string =>
  readdirSync(dir)
    .filter((file) => file.startsWith(name))
    .map((file) => readFileSync(join(dir, file)).toString('latin1'))
    .join('');

describe('sealing the credentials of an existing log offline', () => {
  let dataDir: string;
  let infra: Infrastructure;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cn-reencrypt-'));
    infra = await createInfrastructure(loadConfig({ DATA_DIR: dataDir, DEMO_SEED: 'false', LOG_LEVEL: 'error' }), { service: 'reencrypt-test' });
  });
  afterEach(async () => {
    await infra.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('rewrites the embedded log in place: no hash left in the file, the same positions, passwords still verify', async () => {
    const { ids, hashes } = await writeLegacyLog(infra);
    const before = await infra.eventStore.readAll();
    expect(bytesOf(dataDir, 'events.sqlite')).toContain('scrypt$');

    const report = await reencryptSqliteLog(join(dataDir, 'events.sqlite'), infra.cipher);

    expect(report).toEqual({ read: 5, sealed: 2 });
    expect(bytesOf(dataDir, 'events.sqlite')).not.toContain('scrypt$');
    const after = await infra.eventStore.readAll();
    expect(after.map((event) => [event.id, event.position, event.streamId, event.revision])).toEqual(
      before.map((event) => [event.id, event.position, event.streamId, event.revision]),
    );
    for (const [index, id] of ids.entries()) {
      const [registered] = await infra.eventStore.readStream(memberStream(id));
      expect(registered.metadata.schemaVersion).toBe(2);
      const secret = (registered.data as { password_hash: SealedSecret }).password_hash;
      expect(secret.legacy).toBeUndefined();
      expect(await infra.cipher.unsealSecret(secret)).toBe(hashes[index]);
      expect(await verifyPassword(`old passphrase ${index}`, hashes[index])).toBe(true);
    }
    // a second run finds nothing left to seal
    expect(await reencryptSqliteLog(join(dataDir, 'events.sqlite'), infra.cipher)).toEqual({ read: 5, sealed: 0 });
  });

  it('copies any log into another with the credentials sealed, resumably', async () => {
    const { ids, hashes } = await writeLegacyLog(infra);
    const copyPath = join(dataDir, 'copy.sqlite');
    const target = createSqliteEventStore({ path: copyPath });
    try {
      expect(await copyLogSealingCredentials(infra.eventStore, target, infra.cipher)).toEqual({ read: 5, sealed: 2 });
      // a copy that stopped half way is simply run again: events already there are skipped by id
      expect(await copyLogSealingCredentials(infra.eventStore, target, infra.cipher)).toEqual({ read: 5, sealed: 2 });
      const source = await infra.eventStore.readAll();
      const copied = await target.readAll();
      expect(copied.map((event) => [event.id, event.streamId, event.revision, event.type])).toEqual(
        source.map((event) => [event.id, event.streamId, event.revision, event.type]),
      );
      const [registered] = await target.readStream(memberStream(ids[1]));
      expect(await infra.cipher.unsealSecret((registered.data as { password_hash: SealedSecret }).password_hash)).toBe(hashes[1]);
    } finally {
      await target.close();
    }
    expect(bytesOf(dataDir, 'copy.sqlite')).not.toContain('scrypt$');
  });

  it('runs as the documented command on a data folder, and the passwords verify as before', async () => {
    const { ids } = await writeLegacyLog(infra);
    await infra.close();
    const script = resolve(__dirname, '../../dist/reencrypt-credentials.js');
    await run(process.execPath, [script], { env: { ...process.env, DATA_DIR: dataDir, DEMO_SEED: 'false', LOG_LEVEL: 'error' } });
    expect(bytesOf(dataDir, 'events.sqlite')).not.toContain('scrypt$');
    infra = await createInfrastructure(loadConfig({ DATA_DIR: dataDir, DEMO_SEED: 'false', LOG_LEVEL: 'error' }), { service: 'reencrypt-test' });
    expect((await infra.eventStore.readAll()).filter((event) => event.metadata.schemaVersion === 2)).toHaveLength(2);
    const [registered] = await infra.eventStore.readStream(memberStream(ids[0]));
    const hash = await infra.cipher.unsealSecret((registered.data as { password_hash: SealedSecret }).password_hash);
    expect(await verifyPassword('old passphrase 0', hash ?? '')).toBe(true);
  });
});
