import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DELETED_MEMBER_NAME, isSealedSecret, SECRET_REDACTED, type SealedSecret } from '@cn/contracts';
import type { KeyStore } from '@cn/platform/key-store';
import type { EncryptedValue } from './personal-data';
import { isEncryptedValue } from './personal-data';

/**
 * Subjects' keys already looked up, shared by the reveals of one batch (a replay reveals the same
 * members' data again and again); kept only for the batch, so that an erasure is seen by the next one.
 */
export type SubjectKeys = Map<string, Promise<Buffer | null>>;

export interface PersonalDataCipher {
  /** encrypts a JSON value with the subject's key (created on first use) */
  encrypt(subject: string, value: unknown): Promise<EncryptedValue>;
  /**
   * Returns a copy of `data` in which every EncryptedValue is replaced by its decrypted value, or by
   * the fallback when the subject's key is gone (erased member): DELETED_MEMBER_NAME for name fields,
   * '' for anything else. Sealed credentials become SECRET_REDACTED: no reader ever sees them. Data that
   * holds neither is answered itself, not copied (events are never changed by their readers).
   */
  reveal<T>(data: T, keys?: SubjectKeys): Promise<T>;
  /**
   * false when `reveal(data)` would answer `data` itself (nothing encrypted or sealed in it), found without a
   * promise: a caller may then skip the reveal (a replay applies most events without waiting for anything)
   */
  needsReveal?(data: unknown): boolean;
  /** seals a credential with the subject's key (created on first use); see contracts' SealedSecret */
  sealSecret(subject: string, value: string): Promise<SealedSecret>;
  /** the credential, for the command side to verify against; null once the subject's key is gone */
  unsealSecret(secret: SealedSecret): Promise<string | null>;
}

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const NAME_FIELDS = new Set(['name', 'first_name', 'last_name', 'display_name', 'displayName']);

const fallbackFor = (field: string | undefined): string =>
  field !== undefined && NAME_FIELDS.has(field) ? DELETED_MEMBER_NAME : '';

const decrypt = (key: Buffer, encrypted: EncryptedValue): unknown => {
  const raw = Buffer.from(encrypted.$pii, 'base64');
  return JSON.parse(decryptRaw(key, raw).toString('utf8')) as unknown;
};

const decryptRaw = (key: Buffer, raw: Buffer): Buffer => {
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv(ALGORITHM, key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
};

/**
 * IVs are drawn from the CSPRNG 256 at a time (as Node's randomUUID does): one `randomBytes` of 12 bytes per
 * encryption was a syscall per status command. Every IV is still random and used once; a refill takes a new
 * buffer, so an IV handed out is never overwritten.
 */
const IV_POOL_BYTES = IV_BYTES * 256;
let ivPool = Buffer.alloc(0);
let ivAt = 0;
const nextIv = (): Buffer => {
  if (ivAt + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivAt = 0;
  }
  const iv = ivPool.subarray(ivAt, ivAt + IV_BYTES);
  ivAt += IV_BYTES;
  return iv;
};

const encryptRaw = (key: Buffer, plain: Buffer): string => {
  const iv = nextIv();
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** true when `value` holds an encrypted or sealed value; the encrypted values' subjects are added to `subjects` */
const findProtected = (value: unknown, subjects: Set<string>): boolean => {
  if (isSealedSecret(value)) return true;
  if (isEncryptedValue(value)) {
    subjects.add(value.subject);
    return true;
  }
  let found = false;
  if (Array.isArray(value)) {
    for (const item of value) found = findProtected(item, subjects) || found;
  } else if (isPlainObject(value)) {
    for (const key in value) found = findProtected(value[key], subjects) || found;
  }
  return found;
};

/** a copy of `value` with every encrypted value decrypted (or its fallback) and every credential redacted */
const revealWith = (keys: ReadonlyMap<string, Buffer | null>, value: unknown, field: string | undefined): unknown => {
  // credentials are never revealed, only redacted
  if (isSealedSecret(value)) return SECRET_REDACTED;
  if (isEncryptedValue(value)) {
    const key = keys.get(value.subject);
    if (!key) return fallbackFor(field);
    try {
      return decrypt(key, value);
    } catch {
      // the key was destroyed and created anew: the old value is unreadable, as after erasure
      return fallbackFor(field);
    }
  }
  if (Array.isArray(value)) return value.map((item) => revealWith(keys, item, field));
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const name in value) copy[name] = revealWith(keys, value[name], name);
    return copy;
  }
  return value;
};

export const createPersonalDataCipher = (keyStore: KeyStore): PersonalDataCipher => ({
  encrypt: async (subject, value) => {
    const key = await keyStore.getOrCreate(subject);
    return { $pii: encryptRaw(key, Buffer.from(JSON.stringify(value ?? null), 'utf8')), subject };
  },

  sealSecret: async (subject, value) => {
    const key = await keyStore.getOrCreate(subject);
    return { $secret: encryptRaw(key, Buffer.from(value, 'utf8')), subject };
  },

  unsealSecret: async (secret) => {
    if (secret.legacy) return secret.$secret;
    const key = await keyStore.get(secret.subject);
    if (!key) return null;
    try {
      return decryptRaw(key, Buffer.from(secret.$secret, 'base64')).toString('utf8');
    } catch {
      return null;
    }
  },

  needsReveal: (data) => findProtected(data, new Set()),

  reveal: async <T>(data: T, known: SubjectKeys = new Map()): Promise<T> => {
    // one synchronous pass finds what there is to reveal: most events carry none, and are answered as they are
    const subjects = new Set<string>();
    if (!findProtected(data, subjects)) return data;
    // one key lookup per subject: an event often carries several values of the same member
    const keyOf = (subject: string): Promise<Buffer | null> => {
      let key = known.get(subject);
      if (!key) {
        key = keyStore.get(subject);
        known.set(subject, key);
      }
      return key;
    };
    const keys = new Map(await Promise.all([...subjects].map(async (subject) => [subject, await keyOf(subject)] as const)));
    return revealWith(keys, data, undefined) as T;
  },
});
