import { randomBytes } from 'node:crypto';
import { privateDir } from '@cn/platform/files';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type pino from 'pino';
import { createChainSealer, createEsdbEventStore, type EventStore, createSqliteEventStore, withSealedChain, withUpcasting } from '@cn/platform/event-store';
import { createMongoDocumentStore, type DocumentStore, createSqliteDocumentStore } from '@cn/platform/document-store';
import { createMeiliSearchIndex, type SearchIndex, createMiniSearchIndex } from '@cn/platform/search-index';
import { createMongoKeyStore, type KeyStore, createSqliteKeyStore } from '@cn/platform/key-store';
import { createKafkaEventBus, type EventBus, createInProcessEventBus } from '@cn/platform/event-bus';
import type { StateSnapshots } from '@cn/domain';
import { documentSnapshots } from '@cn/platform/snapshots';
import { createOutboxMail, type MailPort } from '@cn/platform/mail';
import { createPersonalDataCipher, type PersonalDataCipher } from '@cn/platform/personal-data';
import { createLogger, createMetrics, withRequestAnswersForgotten, type Metrics, type SessionConfig, type WopiConfig, wopiConfigOf } from '@cn/platform/http';
import { createLibreTranslateTranslator, type Translator } from '@cn/platform/translation';
import { createFileStorageFromEnv, type FileStorage } from '@cn/platform/file-storage';
import { loadWebPushConfig, type WebPushConfig } from './web-push-config';

/** how often the chaining process seals what EventStoreDB appended since */
const CHAIN_SEAL_INTERVAL_MS = 2_000;

export interface PlatformConfig {
  dataDir: string;
  port: number;
  session: SessionConfig;
  eventStoreUrl?: string;
  kafkaBrokers?: string[];
  kafkaTopic: string;
  /** partitions of the topic when it is created (KAFKA_PARTITIONS, default 1; docs/ARCHITECTURE.md) */
  kafkaPartitions: number;
  mongoUrl?: string;
  mongoDatabase: string;
  meiliHost?: string;
  meiliKey?: string;
  /** put before every Meilisearch index name (MEILI_INDEX_PREFIX) */
  meiliIndexPrefix?: string;
  demoSeed: boolean;
  /** the language the demo network is seeded in (DEMO_LANGUAGE: de, the default, or en) */
  demoLanguage: 'de' | 'en';
  passwordCost: { N: number };
  /** LibreTranslate base URL; unset: translation is off (there is no embedded translator) */
  translationUrl?: string;
  translationApiKey?: string;
  /** the largest total of attachments a mail may carry, in MB */
  emailAttachmentLimitMb: number;
  /** the map's tile URL template (MAP_TILE_URL, `{theme}`, `{z}`, `{x}`, `{y}`); unset: the map is off */
  mapTileUrl?: string;
  /** a Nominatim-compatible geocoder's base URL (GEOCODER_URL); unset: addresses are not placed on the map */
  geocoderUrl?: string;
  /**
   * Where members reach the consoles (`PUBLIC_URL`, default http://localhost:PORT): links in mails are
   * built from it, never from a request's Host header, which whoever sends the request chooses.
   */
  publicUrl: string;
  /**
   * Express's 'trust proxy' (TRUST_PROXY): which proxies' X-Forwarded-For is believed for `req.ip`, the
   * address sign-in throttling counts by. false (default): the socket's peer; a number: that many hops
   * (1 behind the gateway); otherwise addresses, subnets or names such as `loopback`, comma-separated.
   */
  trustProxy: boolean | number | string;
  /** who may read /metrics: a bearer token (METRICS_TOKEN) and/or addresses and CIDRs (METRICS_ALLOW, default loopback) */
  metrics: { token?: string; allow: string[] };
  /**
   * Origins besides the server's own whose browser pages may open the realtime socket (ALLOWED_ORIGINS,
   * comma-separated, e.g. https://intranet.example.org); a browser upgrade from any other origin is refused.
   */
  allowedOrigins: string[];
  /**
   * Whether RSS widgets may read feeds on loopback, private and link-local addresses
   * (FEEDS_ALLOW_PRIVATE_NETWORKS, default false: the server never fetches its own network for a member).
   */
  feedsAllowPrivateNetworks: boolean;
  /** how often the audit chain's head is signed by itself (AUDIT_HEAD_SIGN_INTERVAL: `3600`, `90s`, `15m`, `1h`; `0` turns it off); default one hour */
  auditHeadSignIntervalMs: number;
  /** Web Push to members' browsers (web-push-config.ts); undefined: off */
  webPush?: WebPushConfig;
  /** the office suite connected as WOPI client (WOPI_DISCOVERY_URL and friends, docs/FILES.md); undefined: none */
  wopi?: WopiConfig;
}

const DEFAULT_SESSION_TTL_HOURS = 24 * 14;
const DEFAULT_SCRYPT_N = 2 ** 15;
const DEFAULT_EMAIL_ATTACHMENT_LIMIT_MB = 10;

const optional = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

const integer = (name: string, raw: string | undefined, fallback: number, valid: (n: number) => boolean): number => {
  if (optional(raw) === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || !valid(value)) throw new Error(`${name}=${String(raw)} is not a valid value`);
  return value;
};

const flag = (raw: string | undefined, fallback: boolean): boolean => {
  const value = optional(raw)?.toLowerCase();
  if (value === undefined) return fallback;
  return !['false', '0', 'no', 'off'].includes(value);
};

const demoLanguageOf = (raw: string | undefined): 'de' | 'en' => {
  const value = optional(raw)?.toLowerCase() ?? 'de';
  if (value !== 'de' && value !== 'en') throw new Error(`DEMO_LANGUAGE must be de or en, not ${value}`);
  return value;
};

/** A generated secret is written once beside the data, so sessions survive restarts of every service. */
const persistedSecret = (dataDir: string): string => {
  privateDir(dataDir);
  const file = join(dataDir, 'session-secret');
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
};

const publicUrlOf = (raw: string | undefined, port: number): string => {
  const value = optional(raw);
  if (value === undefined) return `http://localhost:${port}`;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol)) throw new Error(`PUBLIC_URL=${value} is not an http(s) URL`);
  return url.href.replace(/\/+$/, '');
};

/** what deployment templates and examples put where a secret belongs */
const PLACEHOLDER = /change-?me|placeholder|example|your[-_ ]?secret|replace[-_ ]?me|^x+$/i;

/**
 * A secret given in the environment must be one: a service refuses to start with a template's placeholder
 * or a short value (the session secret signs every session: a guessable one lets anyone forge them).
 */
const realSecret = (name: string, value: string | undefined, minLength: number): string | undefined => {
  if (value === undefined) return undefined;
  if (PLACEHOLDER.test(value)) throw new Error(`${name} is a placeholder: set a random value, e.g. $(openssl rand -hex 32)`);
  if (value.length < minLength) throw new Error(`${name} is too short: at least ${minLength} characters, e.g. $(openssl rand -hex 32)`);
  return value;
};

const meiliIndexPrefixOf = (value: string | undefined): string | undefined => {
  if (value !== undefined && !/^[A-Za-z0-9_-]{1,100}$/.test(value)) throw new Error('MEILI_INDEX_PREFIX takes letters, digits, - and _ only (at most 100)');
  return value;
};

const listOf = (raw: string | undefined): string[] | undefined => {
  const items = optional(raw)
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items && items.length > 0 ? items : undefined;
};

const originOf = (value: string): string => {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol)) throw new Error(`ALLOWED_ORIGINS: ${value} is not an http(s) origin`);
  return url.origin;
};

const trustProxyOf = (raw: string | undefined): boolean | number | string => {
  const value = optional(raw);
  if (value === undefined || ['false', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (value.toLowerCase() === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
};

/**
 * The embedded profile generates its session secret into DATA_DIR; services that run apart (a server named
 * for the event store, the bus or the documents) must share one, so there it has to be given.
 */
const embeddedSecret = (env: NodeJS.ProcessEnv, dataDir: string): string => {
  const apart = ['EVENTSTORE_URL', 'KAFKA_BROKERS', 'MONGODB_URL'].filter((name) => optional(env[name]) !== undefined);
  if (apart.length > 0) throw new Error(`SESSION_SECRET is required with ${apart.join(', ')}: every service needs the same one, e.g. $(openssl rand -hex 32)`);
  return persistedSecret(dataDir);
};

/** a duration in seconds (`3600`) or with a unit (`500ms`, `90s`, `15m`, `1h`), as milliseconds */
const durationMs = (name: string, raw: string | undefined, fallbackMs: number): number => {
  const value = optional(raw);
  if (value === undefined) return fallbackMs;
  const match = /^(\d+)\s*(ms|s|m|h)?$/.exec(value.trim().toLowerCase());
  if (!match) throw new Error(`${name}=${value} is not a duration (e.g. 3600, 90s, 15m, 1h)`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1000;
  return Number(match[1]) * unit;
};

export const loadConfig = (env: NodeJS.ProcessEnv): PlatformConfig => {
  const dataDir = resolve(optional(env['DATA_DIR']) ?? './data');
  const kafkaBrokers = optional(env['KAFKA_BROKERS'])
    ?.split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
  const port = integer('PORT', env['PORT'], 3000, (n) => n >= 0 && n < 65536);
  return {
    dataDir,
    port,
    session: {
      secret: realSecret('SESSION_SECRET', optional(env['SESSION_SECRET']), 32) ?? embeddedSecret(env, dataDir),
      ttlMs: integer('SESSION_TTL_HOURS', env['SESSION_TTL_HOURS'], DEFAULT_SESSION_TTL_HOURS, (n) => n > 0) * 3_600_000,
      secureCookie: flag(env['COOKIE_SECURE'], false),
    },
    eventStoreUrl: optional(env['EVENTSTORE_URL']),
    kafkaBrokers: kafkaBrokers && kafkaBrokers.length > 0 ? kafkaBrokers : undefined,
    kafkaTopic: optional(env['KAFKA_TOPIC']) ?? 'cn.events',
    kafkaPartitions: integer('KAFKA_PARTITIONS', env['KAFKA_PARTITIONS'], 1, (n) => n >= 1),
    mongoUrl: optional(env['MONGODB_URL']),
    mongoDatabase: optional(env['MONGODB_DB']) ?? 'community_network',
    meiliHost: optional(env['MEILI_URL']),
    meiliKey: realSecret('MEILI_KEY', optional(env['MEILI_KEY']), 16),
    meiliIndexPrefix: meiliIndexPrefixOf(optional(env['MEILI_INDEX_PREFIX'])),
    demoSeed: flag(env['DEMO_SEED'], true),
    demoLanguage: demoLanguageOf(env['DEMO_LANGUAGE']),
    // scrypt needs a power of two; lower it in tests only
    passwordCost: { N: integer('PASSWORD_SCRYPT_N', env['PASSWORD_SCRYPT_N'], DEFAULT_SCRYPT_N, (n) => n >= 2 && (n & (n - 1)) === 0) },
    translationUrl: optional(env['TRANSLATION_URL']),
    translationApiKey: optional(env['TRANSLATION_API_KEY']),
    mapTileUrl: optional(env['MAP_TILE_URL']),
    geocoderUrl: optional(env['GEOCODER_URL']),
    emailAttachmentLimitMb: integer('EMAIL_ATTACHMENT_LIMIT_MB', env['EMAIL_ATTACHMENT_LIMIT_MB'], DEFAULT_EMAIL_ATTACHMENT_LIMIT_MB, (n) => n > 0),
    publicUrl: publicUrlOf(env['PUBLIC_URL'], port),
    trustProxy: trustProxyOf(env['TRUST_PROXY']),
    metrics: { token: realSecret('METRICS_TOKEN', optional(env['METRICS_TOKEN']), 16), allow: listOf(env['METRICS_ALLOW']) ?? ['127.0.0.0/8', '::1/128'] },
    allowedOrigins: (listOf(env['ALLOWED_ORIGINS']) ?? []).map(originOf),
    feedsAllowPrivateNetworks: flag(env['FEEDS_ALLOW_PRIVATE_NETWORKS'], false),
    auditHeadSignIntervalMs: durationMs('AUDIT_HEAD_SIGN_INTERVAL', env['AUDIT_HEAD_SIGN_INTERVAL'], 3_600_000),
    webPush: loadWebPushConfig(env, dataDir, publicUrlOf(env['PUBLIC_URL'], port)),
    wopi: wopiConfigOf(env, durationMs),
  };
};

export interface Infrastructure {
  config: PlatformConfig;
  eventStore: EventStore;
  bus: EventBus;
  documentStore: DocumentStore;
  searchIndex: SearchIndex;
  keyStore: KeyStore;
  cipher: PersonalDataCipher;
  mail: MailPort;
  /** null when no translation service is configured: the translation feature is then off */
  translator: Translator | null;
  logger: pino.Logger;
  metrics: Metrics;
  clock: () => Date;
  /** deciders' snapshots of long streams (beside the read models) */
  snapshots: StateSnapshots;
  /** uploaded files' bytes: S3 when S3_URL or S3_BUCKET is set, else DATA_DIR/files */
  fileStorage: FileStorage;
  close(): Promise<void>;
}

export { INFRASTRUCTURE } from '@cn/platform/http';

export interface InfrastructureOptions {
  /** names the logger and the Kafka client (default 'platform') */
  service?: string;
  clock?: () => Date;
}

/**
 * Production adapters where the configuration names a server, the embedded ones in DATA_DIR otherwise.
 */
export const createInfrastructure = async (config: PlatformConfig, options: InfrastructureOptions = {}): Promise<Infrastructure> => {
  const service = options.service ?? 'platform';
  const logger = createLogger(service);
  privateDir(config.dataDir);
  const file = (name: string): string => join(config.dataDir, name);
  const opened: Array<{ name: string; close(): Promise<void> }> = [];
  const track = <T extends { close(): Promise<void> }>(name: string, adapter: T): T => {
    opened.push({ name, close: () => adapter.close() });
    return adapter;
  };
  const closeAll = async (): Promise<void> => {
    for (const adapter of opened.splice(0).reverse()) {
      await adapter.close().catch((error: unknown) => logger.error({ err: error, adapter: adapter.name }, 'closing an adapter failed'));
    }
  };

  try {
    const storedEvents = track(
      'eventStore',
      config.eventStoreUrl
        ? createEsdbEventStore({ connectionString: config.eventStoreUrl })
        : createSqliteEventStore({ path: file('events.sqlite') }),
    );
    // EventStoreDB cannot chain in its append: a chaining process seals $all within seconds (every
    // service runs one; the seal stream's expected revision lets one extend the chain at a time)
    if (!storedEvents.verifyChain) {
      const sealer = createChainSealer(storedEvents, { logger, clock: options.clock });
      sealer.start(CHAIN_SEAL_INTERVAL_MS);
      track('chainSealer', { close: () => sealer.stop() });
    }
    const eventStore = withRequestAnswersForgotten(withUpcasting(withSealedChain(storedEvents)));
    const documentStore = track(
      'documentStore',
      config.mongoUrl
        ? createMongoDocumentStore({ url: config.mongoUrl, database: config.mongoDatabase })
        : createSqliteDocumentStore({ path: file('read-models.sqlite') }),
    );
    const searchIndex = track(
      'searchIndex',
      config.meiliHost
        ? createMeiliSearchIndex({ host: config.meiliHost, apiKey: config.meiliKey, indexPrefix: config.meiliIndexPrefix })
        : createMiniSearchIndex({ dir: file('search'), logger }),
    );
    const keyStore = track(
      'keyStore',
      config.mongoUrl
        ? createMongoKeyStore({ url: config.mongoUrl, database: config.mongoDatabase })
        : createSqliteKeyStore({ path: file('keys.sqlite') }),
    );
    const bus = track(
      'bus',
      config.kafkaBrokers
        ? createKafkaEventBus({ brokers: config.kafkaBrokers, topic: config.kafkaTopic, partitions: config.kafkaPartitions, clientId: `cn-${service}`, logger })
        : createInProcessEventBus({ eventStore, path: file('bus.sqlite'), legacyPath: file('events.sqlite') }),
    );
    const fileStorage = track('fileStorage', createFileStorageFromEnv(process.env, config.dataDir).storage);
    logger.info(
      {
        eventStore: config.eventStoreUrl ? 'eventstoredb' : 'sqlite',
        bus: config.kafkaBrokers ? 'kafka' : 'in-process',
        documentStore: config.mongoUrl ? 'mongodb' : 'sqlite',
        searchIndex: config.meiliHost ? 'meilisearch' : 'minisearch',
        translator: config.translationUrl ? 'libretranslate' : 'off',
        dataDir: config.dataDir,
      },
      'infrastructure ready',
    );
    return {
      config,
      eventStore,
      bus,
      documentStore,
      searchIndex,
      keyStore,
      cipher: createPersonalDataCipher(keyStore),
      mail: createOutboxMail({ dir: file('outbox'), logger }),
      translator: config.translationUrl ? createLibreTranslateTranslator({ url: config.translationUrl, apiKey: config.translationApiKey }) : null,
      logger,
      metrics: createMetrics(),
      clock: options.clock ?? (() => new Date()),
      snapshots: documentSnapshots(documentStore),
      fileStorage,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
};
