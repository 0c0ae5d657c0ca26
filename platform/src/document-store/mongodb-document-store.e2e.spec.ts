import { randomUUID } from 'node:crypto';
import { afterAll, jest } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { describeDocumentStoreContract } from '../testing';
import type { DocumentStoreContractTarget } from '../testing';
import { createMongoDocumentStore } from './mongodb-document-store';

/** Runs the document store contract against the MongoDB-wire server named by MONGODB_URL, in a database of its own. */
const url = process.env['MONGODB_URL'];
const database = `cn_e2e_docs_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

const target: DocumentStoreContractTarget = url
  ? {
      available: true,
      create: () => {
        const subject = createMongoDocumentStore({ url, database });
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

jest.setTimeout(60_000);
describeDocumentStoreContract('MongoDB', target);
