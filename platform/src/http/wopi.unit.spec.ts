import { createSign, generateKeyPairSync } from 'node:crypto';
import { createWopiToken, parseWopiDiscovery, readWopiToken, verifyWopiProof, wopiActionUrl, wopiConfigOf, wopiProofBytes, wopiTimestampOf } from './wopi';

const keyPair = () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
  const b64 = (url: string) => Buffer.from(url, 'base64url').toString('base64');
  return { privateKey, modulus: b64(jwk.n), exponent: b64(jwk.e) };
};
const current = keyPair();
const old = keyPair();

const discoveryXml = (proof: string) => `<wopi-discovery><net-zone name="external-https">
  <app name="Word"><action name="view" ext="DOCX" urlsrc="https://office.example/wv/wordviewerframe.aspx?&lt;ui=UI_LLCC&amp;&gt;&lt;rs=DC_LLCC&amp;&gt;"/>
  <action name="edit" ext="docx" urlsrc="https://office.example/we/wordeditorframe.aspx?"/></app>
  <app name="Other"><action name="edit" ext="docx" urlsrc="https://elsewhere.example/edit?"/><action name="view" ext="xlsx" urlsrc="https://evil.example/x?"/></app>
</net-zone>${proof}</wopi-discovery>`;

const sign = (key: ReturnType<typeof keyPair>['privateKey'], token: string, url: string, timestamp: string) => createSign('RSA-SHA256').update(wopiProofBytes(token, url, timestamp)).sign(key, 'base64');

describe('WOPI host pieces', () => {
  it('reads the discovery: apps, actions on allowed origins only (first wins), and the proof keys', () => {
    const discovery = parseWopiDiscovery(
      discoveryXml(`<proof-key value="x" modulus="${current.modulus}" exponent="${current.exponent}" oldmodulus="${old.modulus}" oldexponent="${old.exponent}"/>`),
      ['https://office.example'],
    );
    expect(discovery.actions).toEqual([
      { app: 'Word', name: 'view', ext: 'docx', urlsrc: 'https://office.example/wv/wordviewerframe.aspx?<ui=UI_LLCC&><rs=DC_LLCC&>' },
      { app: 'Word', name: 'edit', ext: 'docx', urlsrc: 'https://office.example/we/wordeditorframe.aspx?' },
    ]);
    expect(discovery.proofKeys.current).not.toBeNull();
    expect(discovery.proofKeys.old).not.toBeNull();
    expect(parseWopiDiscovery(discoveryXml(''), ['https://office.example']).proofKeys).toEqual({ current: null, old: null });
  });

  it('fills WOPISrc into an action\'s address, its placeholders dropped', () => {
    expect(wopiActionUrl('https://office.example/wv/frame.aspx?<ui=UI_LLCC&><rs=DC_LLCC&>', 'https://intranet.example/wopi/files/f 1')).toBe('https://office.example/wv/frame.aspx?WOPISrc=https%3A%2F%2Fintranet.example%2Fwopi%2Ffiles%2Ff%201');
    expect(wopiActionUrl('https://office.example/cool.html', 'https://h/wopi/files/1')).toBe('https://office.example/cool.html?WOPISrc=https%3A%2F%2Fh%2Fwopi%2Ffiles%2F1');
    expect(wopiActionUrl('https://office.example/cool.html?lang=de', 'https://h/wopi/files/1')).toBe('https://office.example/cool.html?lang=de&WOPISrc=https%3A%2F%2Fh%2Fwopi%2Ffiles%2F1');
  });

  it('checks proofs with the current key, the old proof and the old key (rotation), and refuses stale or foreign ones', () => {
    const keys = parseWopiDiscovery(discoveryXml(`<proof-key modulus="${current.modulus}" exponent="${current.exponent}" oldmodulus="${old.modulus}" oldexponent="${old.exponent}"/>`), []).proofKeys;
    const now = new Date('2026-12-07T10:00:00Z');
    const timestamp = wopiTimestampOf(now);
    const url = 'https://intranet.example/wopi/files/f1?access_token=abc';
    const proof = (key: typeof current.privateKey) => sign(key, 'abc', url, timestamp);
    expect(verifyWopiProof(keys, { accessToken: 'abc', url, timestamp, proof: proof(current.privateKey), proofOld: undefined }, now)).toBe(true);
    // the URL is compared in upper case, as the suite signs it
    expect(verifyWopiProof(keys, { accessToken: 'abc', url: url.toUpperCase(), timestamp, proof: proof(current.privateKey), proofOld: undefined }, now)).toBe(true);
    expect(verifyWopiProof(keys, { accessToken: 'abc', url, timestamp, proof: 'AAAA', proofOld: proof(current.privateKey) }, now)).toBe(true);
    expect(verifyWopiProof(keys, { accessToken: 'abc', url, timestamp, proof: proof(old.privateKey), proofOld: undefined }, now)).toBe(true);
    const stranger = keyPair();
    expect(verifyWopiProof(keys, { accessToken: 'abc', url, timestamp, proof: proof(stranger.privateKey), proofOld: undefined }, now)).toBe(false);
    expect(verifyWopiProof(keys, { accessToken: 'other', url, timestamp, proof: proof(current.privateKey), proofOld: undefined }, now)).toBe(false);
    expect(verifyWopiProof(keys, { accessToken: 'abc', url, timestamp, proof: proof(current.privateKey), proofOld: undefined }, new Date(now.getTime() + 21 * 60_000))).toBe(false);
    expect(verifyWopiProof(keys, { accessToken: 'abc', url, timestamp: 'soon', proof: proof(current.privateKey), proofOld: undefined }, now)).toBe(false);
  });

  it('access tokens are bound to their purpose, member, file and expiry', () => {
    const now = new Date('2026-12-07T10:00:00Z');
    const token = createWopiToken('s'.repeat(32), { member_id: 'm1', file_id: 'f1', mode: 'write', expires_at: now.getTime() + 1000 });
    expect(readWopiToken('s'.repeat(32), token, now)).toEqual({ member_id: 'm1', file_id: 'f1', mode: 'write', expires_at: now.getTime() + 1000 });
    expect(readWopiToken('s'.repeat(32), token, new Date(now.getTime() + 1000))).toBeNull();
    expect(readWopiToken('t'.repeat(32), token, now)).toBeNull();
  });

  it('is configured only with a discovery URL; the allowed origins default to its origin', () => {
    const duration = (_name: string, raw: string | undefined, fallback: number) => (raw ? Number(raw) * 1000 : fallback);
    expect(wopiConfigOf({}, duration)).toBeUndefined();
    expect(wopiConfigOf({ WOPI_DISCOVERY_URL: 'http://collabora:9980/hosting/discovery' }, duration)).toEqual({
      discoveryUrl: 'http://collabora:9980/hosting/discovery',
      allowedOrigins: ['http://collabora:9980'],
      accessTokenTtlMs: 36_000_000,
      discoveryTtlMs: 3_600_000,
    });
    expect(wopiConfigOf({ WOPI_DISCOVERY_URL: 'http://c/d', WOPI_ALLOWED_ORIGINS: 'https://office.example/, https://b.example', WOPI_ACCESS_TOKEN_TTL: '60' }, duration)).toMatchObject({ allowedOrigins: ['https://office.example', 'https://b.example'], accessTokenTtlMs: 60_000 });
    expect(() => wopiConfigOf({ WOPI_DISCOVERY_URL: 'ftp://c/d' }, duration)).toThrow(/WOPI_DISCOVERY_URL/);
  });
});
