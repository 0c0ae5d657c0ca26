import { randomUUID } from 'node:crypto';
import { afterAll, jest } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { describeKeyStoreContract } from '../testing';
import type { KeyStoreContractTarget } from '../testing';
import { createMongoKeyStore } from './mongodb-key-store';

/** Runs the key store contract against the MongoDB-wire server named by MONGODB_URL, in a database of its own. */
const url = process.env['MONGODB_URL'];
const database = `cn_e2e_keys_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

const target: KeyStoreContractTarget = url
  ? {
      available: true,
      create: () => {
        const subject = createMongoKeyStore({ url, database });
        return Promise.resolve({ subject, cleanup: () => subject.close() });
      },
    }
  : { available: false, reason: 'MONGODB_URL not set' };

afterAll(async () => {
  if (!url) return;
  const client = await MongoClient.connect(url);
  await client.db(database).dropDatabase();
  await client.close();
});

jest.setTimeout(30_000);
describeKeyStoreContract('MongoDB', target);
