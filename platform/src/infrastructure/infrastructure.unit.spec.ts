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
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'given' }).session.secret).toBe('given');
  });

  it('reads the production settings', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      PORT: '8080',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      KAFKA_BROKERS: 'a:9092, b:9092',
      MONGODB_URL: 'mongodb://localhost',
      MONGODB_DB: 'cn',
      MEILI_URL: 'http://localhost:7700',
      MEILI_KEY: 'k',
      DEMO_SEED: 'false',
      PASSWORD_SCRYPT_N: '1024',
    });
    expect(config).toMatchObject({
      port: 8080,
      kafkaBrokers: ['a:9092', 'b:9092'],
      mongoDatabase: 'cn',
      meiliHost: 'http://localhost:7700',
      demoSeed: false,
      passwordCost: { N: 1024 },
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
  });
});
