import { randomBytes } from 'node:crypto';
import type * as MongoDb from 'mongodb';
import type { Binary } from 'mongodb';
import type { KeyStore } from './key-store';

export interface MongoKeyStoreOptions {
  /** e.g. `mongodb://127.0.0.1:27017` */
  url: string;
  database: string;
}

interface MemberKeyDocument {
  _id: string;
  key: Binary;
  created_at: string;
}

const KEY_BYTES = 32;
const DUPLICATE_KEY = 11000;

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a store is made, not with the platform: a process on the embedded stores (a rebuild, the standalone server) never loads it */
const mongodb = (): typeof MongoDb => require('mongodb') as typeof MongoDb;

export const createMongoKeyStore = (options: MongoKeyStoreOptions): KeyStore => {
  const driver = mongodb();
  const client = new driver.MongoClient(options.url);
  // data encrypted with a key is unreadable without it: a key write must be durable before it is used
  const keys = client
    .db(options.database)
    .collection<MemberKeyDocument>('member_keys', { writeConcern: { w: 'majority', journal: true } });

  const get = async (subjectId: string): Promise<Buffer | null> => {
    const doc = await keys.findOne({ _id: subjectId });
    return doc ? Buffer.from(doc.key.buffer) : null;
  };

  const insertIfMissing = async (subjectId: string): Promise<void> => {
    await keys.updateOne(
      { _id: subjectId },
      {
        $setOnInsert: {
          key: new driver.Binary(randomBytes(KEY_BYTES)),
          created_at: new Date().toISOString(),
        },
      },
      { upsert: true },
    );
  };

  return {
    getOrCreate: async (subjectId) => {
      try {
        await insertIfMissing(subjectId);
      } catch (error) {
        // two concurrent upserts of the same id: one wins, the other reads the winner's key
        if (!(error instanceof driver.MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
      const key = await get(subjectId);
      if (!key) throw new Error(`key for ${subjectId} could not be stored`);
      return key;
    },
    get,
    destroy: async (subjectId) => {
      await keys.deleteOne({ _id: subjectId });
    },
    close: async () => {
      await client.close();
    },
  };
};
