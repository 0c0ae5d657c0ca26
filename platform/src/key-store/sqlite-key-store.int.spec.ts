import { execFileSync } from 'node:child_process';
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

describe('sqlite key store: keys kept in memory never outlive their erasure', () => {
  it('answers no key once another store on the file destroyed it, and a new key after', async () => {
    const temp = createTempDir('cn-keys');
    const path = join(temp.dir, 'keys.sqlite');
    const here = createSqliteKeyStore({ path });
    const elsewhere = createSqliteKeyStore({ path });
    const old = await here.getOrCreate('member');
    // read again: now answered from memory
    expect((await here.get('member'))?.equals(old)).toBe(true);
    await elsewhere.destroy('member');
    expect(await here.get('member')).toBeNull();
    const recreated = await here.getOrCreate('member');
    expect(recreated.equals(old)).toBe(false);
    expect((await elsewhere.get('member'))?.equals(recreated)).toBe(true);
    await here.close();
    await elsewhere.close();
    temp.remove();
  });

  it('answers no key once another process deleted it', async () => {
    const temp = createTempDir('cn-keys');
    const path = join(temp.dir, 'keys.sqlite');
    const keys = createSqliteKeyStore({ path });
    const old = await keys.getOrCreate('member');
    await keys.getOrCreate('other');
    expect((await keys.get('member'))?.equals(old)).toBe(true);
    // the erasure of another process: its own connection, committed before this store is asked again
    const script = `const db = new (require('better-sqlite3'))(${JSON.stringify(path)}); db.pragma('busy_timeout = 5000');
      db.prepare('DELETE FROM member_keys WHERE subject_id = ?').run('member'); db.close();`;
    execFileSync(process.execPath, ['-e', script], { cwd: __dirname });
    expect(await keys.get('member')).toBeNull();
    expect((await keys.getOrCreate('member')).equals(old)).toBe(false);
    expect(await keys.get('other')).not.toBeNull();
    await keys.close();
    temp.remove();
  });

  it('forgets its own destroyed key, also while many keys are kept', async () => {
    const temp = createTempDir('cn-keys');
    const keys = createSqliteKeyStore({ path: join(temp.dir, 'keys.sqlite'), cachedKeys: 2 });
    const first = await keys.getOrCreate('a');
    await keys.getOrCreate('b');
    await keys.getOrCreate('c');
    // 'a' left the memory and is read from the file again
    expect((await keys.get('a'))?.equals(first)).toBe(true);
    await keys.destroy('a');
    expect(await keys.get('a')).toBeNull();
    await keys.close();
    temp.remove();
  });
});
