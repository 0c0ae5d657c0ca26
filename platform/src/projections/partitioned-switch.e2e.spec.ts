import { afterAll, jest } from '@jest/globals';
import { createMongoDocumentStore } from '@cn/platform/document-store';
import { mongoE2eDatabase } from '@cn/platform/testing';
import { describeSwitchRecovery } from '@cn/platform/testing';

/**
 * A read-model switch whose owner dies at each of its steps, on the MongoDB-wire server named by MONGODB_URL
 * (FerretDB in CI: no transactions, no rename with dropTarget), in a database of its own: the record's intent
 * and the collections decide what happened, not a transaction.
 */
const { url, database, drop } = mongoE2eDatabase('cn_e2e_switch');

afterAll(drop);

jest.setTimeout(120_000);
describeSwitchRecovery(
  'a read-model switch whose owner dies, on MongoDB (one database shared by the replicas)',
  url ? { available: true, transactions: false, open: () => createMongoDocumentStore({ url, database }) } : { available: false, reason: 'MONGODB_URL not set' },
);
