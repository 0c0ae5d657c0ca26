import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { KeyStore } from '@cn/platform/key-store';
import type { ContractTarget, Subject } from './contract-target';
import { describeContract } from './contract-target';

export type KeyStoreContractTarget = ContractTarget<Subject<KeyStore>>;

export const describeKeyStoreContract = (adapterName: string, target: KeyStoreContractTarget): void =>
  describeContract(`${adapterName} key store`, target, (create) => {
    let keys: KeyStore;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ subject: keys, cleanup } = await create());
    });
    afterEach(async () => {
      await cleanup();
    });

    it('creates a 32-byte key on first use and answers the same key afterwards', async () => {
      const subject = randomUUID();
      const key = await keys.getOrCreate(subject);
      expect(key).toHaveLength(32);
      expect((await keys.getOrCreate(subject)).equals(key)).toBe(true);
      expect((await keys.get(subject))?.equals(key)).toBe(true);
    });

    it('creates one key per subject', async () => {
      const [a, b] = await Promise.all([keys.getOrCreate(randomUUID()), keys.getOrCreate(randomUUID())]);
      expect(a.equals(b)).toBe(false);
    });

    it('answers null for an unknown subject', async () => {
      expect(await keys.get(randomUUID())).toBeNull();
    });

    it('agrees on one key when created concurrently', async () => {
      const subject = randomUUID();
      const created = await Promise.all([keys.getOrCreate(subject), keys.getOrCreate(subject), keys.getOrCreate(subject)]);
      expect(created.every((key) => key.equals(created[0]))).toBe(true);
    });

    it('forgets a destroyed key for good', async () => {
      const subject = randomUUID();
      const key = await keys.getOrCreate(subject);
      await keys.destroy(subject);
      expect(await keys.get(subject)).toBeNull();
      await keys.destroy(subject);
      await keys.destroy(randomUUID());
      const recreated = await keys.getOrCreate(subject);
      expect(recreated.equals(key)).toBe(false);
    });
  });
