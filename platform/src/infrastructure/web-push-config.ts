import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateDir } from '@cn/platform/files';

/** The VAPID key pair Web Push is sent with (RFC 8292): both base64url, the public one uncompressed P-256. */
export interface WebPushConfig {
  publicKey: string;
  privateKey: string;
  /** who the push services may contact about the sender: a mailto: or https: URL */
  subject: string;
  /** whether subscriptions may name loopback or private addresses (WEB_PUSH_ALLOW_PRIVATE_NETWORKS; tests only) */
  allowPrivateNetworks: boolean;
}

const optional = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** a fresh VAPID key pair: the JWK's coordinates give the 65-byte public point, `d` the 32-byte private key */
export const generateVapidKeys = (): { publicKey: string; privateKey: string } => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x ?? '', 'base64url'), Buffer.from(jwk.y ?? '', 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d ?? '' };
};

/** generated once beside the data (0600), like the embedded session secret, so browsers' subscriptions survive restarts */
const persistedKeys = (dataDir: string): { publicKey: string; privateKey: string } => {
  privateDir(dataDir);
  const file = join(dataDir, 'web-push-vapid.json');
  try {
    writeFileSync(file, JSON.stringify(generateVapidKeys()), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
};

/**
 * Web Push's keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together (`npx web-push generate-vapid-keys`), or,
 * in the embedded profile, a pair generated once into DATA_DIR. Services that run apart (a server named for
 * the event store, the bus or the documents) must share one pair, so there push is off unless it is given.
 */
export const loadWebPushConfig = (env: NodeJS.ProcessEnv, dataDir: string, publicUrl: string): WebPushConfig | undefined => {
  const publicKey = optional(env['VAPID_PUBLIC_KEY']);
  const privateKey = optional(env['VAPID_PRIVATE_KEY']);
  if ((publicKey === undefined) !== (privateKey === undefined)) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (npx web-push generate-vapid-keys)');
  for (const [name, value, bytes] of [['VAPID_PUBLIC_KEY', publicKey, 65], ['VAPID_PRIVATE_KEY', privateKey, 32]] as const) {
    if (value !== undefined && (!BASE64URL.test(value) || Buffer.from(value, 'base64url').length !== bytes)) throw new Error(`${name} must be ${bytes} bytes in base64url`);
  }
  const apart = ['EVENTSTORE_URL', 'KAFKA_BROKERS', 'MONGODB_URL'].some((name) => optional(env[name]) !== undefined);
  const keys = publicKey && privateKey ? { publicKey, privateKey } : apart ? undefined : persistedKeys(dataDir);
  if (!keys) return undefined;
  const subject = optional(env['VAPID_SUBJECT']) ?? `mailto:push@${new URL(publicUrl).hostname}`;
  if (!/^(mailto:|https:)/.test(subject)) throw new Error(`VAPID_SUBJECT=${subject} must be a mailto: or https: URL`);
  const allow = optional(env['WEB_PUSH_ALLOW_PRIVATE_NETWORKS'])?.toLowerCase();
  return { ...keys, subject, allowPrivateNetworks: allow === 'true' || allow === '1' || allow === 'yes' };
};
