import { afterAll, jest } from '@jest/globals';
import { describeDocumentStoreContract, type DocumentStoreContractTarget, mongoE2eDatabase } from '@cn/platform/testing';
import { createMongoDocumentStore } from './mongodb-document-store';

/** Runs the document store contract against the MongoDB-wire server named by MONGODB_URL, in a database of its own. */
const { url, database, drop } = mongoE2eDatabase('cn_e2e_docs');

const target: DocumentStoreContractTarget = url
  ? {
      available: true,
      create: () => {
        const subject = createMongoDocumentStore({ url, database });
        return Promise.resolve({ subject, cleanup: () => subject.close() });
      },
    }
  : { available: false, reason: 'MONGODB_URL not set' };

afterAll(drop);

jest.setTimeout(60_000);
describeDocumentStoreContract('MongoDB', target);
