import { afterAll, jest } from '@jest/globals';
import { describeKeyStoreContract, type KeyStoreContractTarget, mongoE2eDatabase } from '@cn/platform/testing';
import { createMongoKeyStore } from './mongodb-key-store';

/** Runs the key store contract against the MongoDB-wire server named by MONGODB_URL, in a database of its own. */
const { url, database, drop } = mongoE2eDatabase('cn_e2e_keys');

const target: KeyStoreContractTarget = url
  ? {
      available: true,
      create: () => {
        const subject = createMongoKeyStore({ url, database });
        return Promise.resolve({ subject, cleanup: () => subject.close() });
      },
    }
  : { available: false, reason: 'MONGODB_URL not set' };

afterAll(drop);

jest.setTimeout(30_000);
describeKeyStoreContract('MongoDB', target);
