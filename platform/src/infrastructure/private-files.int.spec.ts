import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { memberStream } from '@cn/contracts';
import { createInfrastructure, loadConfig } from './infrastructure';
import { createTempDir } from '@cn/platform/testing';

/** every file and folder below `dir` that some other account could read, write or enter */
const exposed = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    const own = (stat.mode & 0o077) === 0 ? [] : [`${path} ${(stat.mode & 0o777).toString(8)}`];
    return stat.isDirectory() ? [...own, ...exposed(path)] : own;
  });

describe('data files are private to the service account', () => {
  it('creates every file 0600 and every folder 0700 under DATA_DIR, whatever the umask', async () => {
    const previous = process.umask(0o022);
    const temp = createTempDir('cn-file-modes');
    try {
      const dataDir = join(temp.dir, 'data');
      const infra = await createInfrastructure(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }), { service: 'file-modes-test' });
      await infra.eventStore.append(
        memberStream('m1'),
        [{ id: 'e1', type: 'MemberErased', data: { member_id: 'm1' }, metadata: { memberId: null, occurredAt: new Date().toISOString(), correlationId: 'c', causationId: 'c', schemaVersion: 1 } }],
        { expectedRevision: 'any' },
      );
      await infra.documentStore.collection('things').upsert({ _id: 'a', value: 1 });
      await infra.cipher.encrypt('m1', 'secret text');
      const members = await infra.searchIndex.index('members', { searchableAttributes: ['name'], filterableAttributes: [] });
      await members.upsert([{ id: 'm1', name: 'Ada' }]);
      await infra.mail.send({ to: ['a@example.org'], subject: 's', text: 't' });
      await infra.close();
      const names = readdirSync(dataDir);
      expect(names).toEqual(expect.arrayContaining(['events.sqlite', 'read-models.sqlite', 'keys.sqlite', 'session-secret', 'outbox']));
      expect(exposed(dataDir)).toEqual([]);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      process.umask(previous);
      temp.remove();
    }
  });
});
