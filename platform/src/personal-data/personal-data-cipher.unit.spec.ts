import { randomBytes } from 'node:crypto';
import { DELETED_MEMBER_NAME } from '@cn/contracts';
import type { KeyStore } from '@cn/platform/key-store';
import { createPersonalDataCipher } from './personal-data-cipher';
import { isEncryptedValue } from './personal-data';

const createMemoryKeyStore = (): KeyStore & { lookups: number } => {
  const keys = new Map<string, Buffer>();
  const store = {
    lookups: 0,
    getOrCreate: (subject: string) => {
      const key = keys.get(subject) ?? randomBytes(32);
      keys.set(subject, key);
      return Promise.resolve(key);
    },
    get: (subject: string) => {
      store.lookups += 1;
      return Promise.resolve(keys.get(subject) ?? null);
    },
    destroy: (subject: string) => {
      keys.delete(subject);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
  return store;
};

describe('personal data cipher', () => {
  it('encrypts to { $pii, subject } with iv + tag + ciphertext, and reveals the JSON value', async () => {
    const cipher = createPersonalDataCipher(createMemoryKeyStore());
    const encrypted = await cipher.encrypt('m1', { street: 'Main 1', zip: 12345 });
    expect(isEncryptedValue(encrypted)).toBe(true);
    expect(encrypted.subject).toBe('m1');
    expect(Buffer.from(encrypted.$pii, 'base64').length).toBeGreaterThan(12 + 16);
    expect(JSON.stringify(encrypted)).not.toContain('Main');
    expect(await cipher.reveal(encrypted)).toEqual({ street: 'Main 1', zip: 12345 });
  });

  it('uses a fresh iv each time', async () => {
    const cipher = createPersonalDataCipher(createMemoryKeyStore());
    const [a, b] = [await cipher.encrypt('m1', 'Ada'), await cipher.encrypt('m1', 'Ada')];
    expect(a.$pii).not.toBe(b.$pii);
  });

  it('never uses an iv twice, also across the refills of its pool, and each still decrypts', async () => {
    const cipher = createPersonalDataCipher(createMemoryKeyStore());
    const encrypted = await Promise.all(Array.from({ length: 600 }, (_, i) => cipher.encrypt('m1', `value ${i}`)));
    const ivs = new Set(encrypted.map((value) => Buffer.from(value.$pii, 'base64').subarray(0, 12).toString('hex')));
    expect(ivs.size).toBe(600);
    expect(await cipher.reveal(encrypted)).toEqual(Array.from({ length: 600 }, (_, i) => `value ${i}`));
  });

  it('reveals every encrypted value deep inside events, leaving the rest and the input untouched', async () => {
    const keys = createMemoryKeyStore();
    const cipher = createPersonalDataCipher(keys);
    const event = {
      type: 'MemberRegistered',
      data: {
        first_name: await cipher.encrypt('m1', 'Ada'),
        email: await cipher.encrypt('m1', 'ada@example.org'),
        profile: [{ label: 'phone', value: await cipher.encrypt('m1', '123') }],
        admin: true,
        count: 3,
        nothing: null,
      },
    };
    const revealed = await cipher.reveal(event);
    expect(revealed).toEqual({
      type: 'MemberRegistered',
      data: { first_name: 'Ada', email: 'ada@example.org', profile: [{ label: 'phone', value: '123' }], admin: true, count: 3, nothing: null },
    });
    expect(isEncryptedValue(event.data.first_name)).toBe(true);
    // one key lookup per subject and call
    expect(keys.lookups).toBe(1);
  });

  it('says without a promise whether data needs revealing: a value deep inside, or a credential; plain data answered as it is', async () => {
    const keys = createMemoryKeyStore();
    const cipher = createPersonalDataCipher(keys);
    const plain = { type: 'GroupRenamed', data: { name: 'Chess', tags: ['a', { deep: 1 }], nothing: null } };
    expect(cipher.needsReveal?.(plain)).toBe(false);
    expect(await cipher.reveal(plain)).toBe(plain);
    expect(cipher.needsReveal?.({ data: { list: [{ text: await cipher.encrypt('m1', 'busy') }] } })).toBe(true);
    expect(cipher.needsReveal?.({ data: { password: await cipher.sealSecret('m1', 'secret') } })).toBe(true);
  });

  it('answers the fallbacks once the subject key is destroyed', async () => {
    const keys = createMemoryKeyStore();
    const cipher = createPersonalDataCipher(keys);
    const data = {
      name: await cipher.encrypt('m1', 'Ada L'),
      first_name: await cipher.encrypt('m1', 'Ada'),
      last_name: await cipher.encrypt('m1', 'Lovelace'),
      display_name: await cipher.encrypt('m1', 'ada'),
      displayName: await cipher.encrypt('m1', 'ada'),
      email: await cipher.encrypt('m1', 'ada@example.org'),
      statusText: await cipher.encrypt('m1', 'busy'),
      other: await cipher.encrypt('m2', 'still readable'),
    };
    await keys.destroy('m1');
    expect(await cipher.reveal(data)).toEqual({
      name: DELETED_MEMBER_NAME,
      first_name: DELETED_MEMBER_NAME,
      last_name: DELETED_MEMBER_NAME,
      display_name: DELETED_MEMBER_NAME,
      displayName: DELETED_MEMBER_NAME,
      email: '',
      statusText: '',
      other: 'still readable',
    });
  });

  it('answers the fallback when the key was destroyed and created anew', async () => {
    const keys = createMemoryKeyStore();
    const cipher = createPersonalDataCipher(keys);
    const name = await cipher.encrypt('m1', 'Ada');
    await keys.destroy('m1');
    await keys.getOrCreate('m1');
    expect(await cipher.reveal({ last_name: name })).toEqual({ last_name: DELETED_MEMBER_NAME });
  });
});
