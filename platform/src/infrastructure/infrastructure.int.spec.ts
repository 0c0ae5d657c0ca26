import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './infrastructure';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cn-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to the embedded adapters on port 3000 with demo data', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ dataDir: dir, port: 3000, kafkaTopic: 'cn.events', demoSeed: true, eventStoreUrl: undefined, kafkaBrokers: undefined });
    expect(config.session.secret).toHaveLength(64);
  });

  it('generates the session secret once and keeps it in DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: dir }).session.secret).toBe(loadConfig({ DATA_DIR: dir }).session.secret);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'given-0123456789abcdef0123456789abcdef' }).session.secret).toBe('given-0123456789abcdef0123456789abcdef');
  });

  it('reads the production settings', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      PORT: '8080',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      KAFKA_BROKERS: 'a:9092, b:9092',
      MONGODB_URL: 'mongodb://localhost',
      MONGODB_DB: 'cn',
      SESSION_SECRET: 'a-random-session-secret-0123456789abcdef',
      MEILI_URL: 'http://localhost:7700',
      MEILI_KEY: 'meili-master-key-0123456789',
      MEILI_INDEX_PREFIX: 'tenant_1-',
      DEMO_SEED: 'false',
      PASSWORD_SCRYPT_N: '1024',
    });
    expect(config).toMatchObject({
      port: 8080,
      kafkaBrokers: ['a:9092', 'b:9092'],
      mongoDatabase: 'cn',
      meiliHost: 'http://localhost:7700',
      meiliIndexPrefix: 'tenant_1-',
      demoSeed: false,
      passwordCost: { N: 1024 },
    });
  });

  it('refuses to start with a placeholder or a short secret, naming the variable', () => {
    for (const [name, value] of [
      ['SESSION_SECRET', 'change-me-session-secret-0123456789abcdef'],
      ['SESSION_SECRET', 'changeme'],
      ['SESSION_SECRET', 'a-real-but-short-secret'],
      ['METRICS_TOKEN', 'placeholder-token-0123456789'],
      ['MEILI_KEY', 'change-me-meili-master-key-0123456789'],
      ['MEILI_KEY', 'short'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(new RegExp(`^${name} is (a placeholder|too short)`));
    }
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'f'.repeat(16) + '0123456789abcdef' + 'a1b2' }).session.secret).toHaveLength(36);
    // services that run apart cannot each generate their own
    expect(() => loadConfig({ DATA_DIR: dir, MONGODB_URL: 'mongodb://localhost' })).toThrow(/^SESSION_SECRET is required with MONGODB_URL/);
  });

  it('reads who may see the metrics and which other origins may open the socket', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ metrics: { token: undefined, allow: ['127.0.0.0/8', '::1/128'] }, allowedOrigins: [] });
    expect(loadConfig({ DATA_DIR: dir, METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7', ALLOWED_ORIGINS: 'https://intranet.example.org/' })).toMatchObject({
      metrics: { allow: ['10.0.0.0/8', '192.0.2.7'] },
      allowedOrigins: ['https://intranet.example.org'],
    });
  });

  it('turns translation on only with TRANSLATION_URL; the attachment limit defaults to 10 MB', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ translationUrl: undefined, emailAttachmentLimitMb: 10 });
    expect(loadConfig({ DATA_DIR: dir, TRANSLATION_URL: ' http://lt:5000 ', TRANSLATION_API_KEY: 'k', EMAIL_ATTACHMENT_LIMIT_MB: '25' })).toMatchObject({
      translationUrl: 'http://lt:5000',
      translationApiKey: 'k',
      emailAttachmentLimitMb: 25,
    });
    expect(() => loadConfig({ DATA_DIR: dir, EMAIL_ATTACHMENT_LIMIT_MB: '0' })).toThrow(/EMAIL_ATTACHMENT_LIMIT_MB/);
  });

  it('refuses values it cannot use', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir, PASSWORD_SCRYPT_N: '1000' })).toThrow(/PASSWORD_SCRYPT_N/);
    expect(() => loadConfig({ DATA_DIR: dir, MEILI_INDEX_PREFIX: 'a b' })).toThrow(/MEILI_INDEX_PREFIX/);
  });
});
