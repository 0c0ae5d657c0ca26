import { join } from 'node:path';
import { createTempDir, describeKeyStoreContract } from '@cn/platform/testing';
import { createSqliteKeyStore } from './sqlite-key-store';

describeKeyStoreContract('sqlite', {
  available: true,
  create: () => {
    const temp = createTempDir('cn-keys');
    const subject = createSqliteKeyStore({ path: join(temp.dir, 'keys.sqlite') });
    return Promise.resolve({ subject, cleanup: async () => { await subject.close(); temp.remove(); } });
  },
});

describe('sqlite key store on disk', () => {
  it('keeps keys and destructions across a reopen', async () => {
    const temp = createTempDir('cn-keys');
    const path = join(temp.dir, 'keys.sqlite');
    const first = createSqliteKeyStore({ path });
    const kept = await first.getOrCreate('kept');
    await first.getOrCreate('erased');
    await first.destroy('erased');
    await first.close();
    const reopened = createSqliteKeyStore({ path });
    expect((await reopened.get('kept'))?.equals(kept)).toBe(true);
    expect(await reopened.get('erased')).toBeNull();
    await reopened.close();
    temp.remove();
  });
});
