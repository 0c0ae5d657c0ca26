import { createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import type { Request } from 'express';
import { createSignedToken, readSignedToken } from './signed-token';
import { HttpProblem } from './problems';

/**
 * The WOPI host's side of an office suite (Collabora Online, OnlyOffice, Office Online Server): its
 * configuration, the suite's discovery (what it opens, where, and the key it signs its calls with), the
 * access tokens we hand it and the proof of its calls. The routes live in the services (the reads on the
 * query side, PutFile and the locks on the command side); both decide the member's rights again on every
 * call, so a token outlives no right.
 */
export interface WopiConfig {
  /** the suite's discovery XML (WOPI_DISCOVERY_URL), e.g. http://collabora:9980/hosting/discovery */
  discoveryUrl: string;
  /**
   * the origins the consoles may send members to (WOPI_ALLOWED_ORIGINS, default: the discovery's origin):
   * an action whose urlsrc lies elsewhere is never offered, and the pages' form-action allows them
   */
  allowedOrigins: string[];
  /** how long an access token is good (WOPI_ACCESS_TOKEN_TTL, default 10h, as the WOPI documentation recommends) */
  accessTokenTtlMs: number;
  /** how long a fetched discovery is kept (WOPI_DISCOVERY_TTL, default 1h; a failing proof fetches it again at once) */
  discoveryTtlMs: number;
}

/** the operation a token was issued for: a view token never writes, whatever the member may do */
export type WopiTokenMode = 'view' | 'write';

export interface WopiTokenClaims {
  member_id: string;
  file_id: string;
  mode: WopiTokenMode;
  /** epoch milliseconds (the access_token_ttl the suite is told) */
  expires_at: number;
}

const TOKEN_PURPOSE = 'wopi-access';

const isWopiClaims = (value: unknown): value is WopiTokenClaims => {
  const claims = value as Partial<WopiTokenClaims> | null;
  return typeof claims === 'object' && claims !== null && typeof claims.member_id === 'string' && typeof claims.file_id === 'string' && (claims.mode === 'view' || claims.mode === 'write');
};

export const createWopiToken = (secret: string, claims: WopiTokenClaims): string => createSignedToken(secret, TOKEN_PURPOSE, claims);

/** the claims, or null when the token is malformed, forged, of another purpose or expired */
export const readWopiToken = (secret: string, token: string | null, now: Date): WopiTokenClaims | null => readSignedToken(secret, TOKEN_PURPOSE, token, now, isWopiClaims);

export interface WopiDiscoveryAction {
  /** the suite's app (`writer`, `Word`, ...) */
  app: string;
  /** `view`, `edit`, `embedview`, ... */
  name: string;
  /** the extension it opens, lower case, no dot */
  ext: string;
  urlsrc: string;
}

export interface WopiProofKeys {
  current: KeyObject | null;
  old: KeyObject | null;
}

export interface WopiDiscovery {
  actions: WopiDiscoveryAction[];
  proofKeys: WopiProofKeys;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeEntities = (value: string): string =>
  value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, name: string) =>
    name.startsWith('#x') || name.startsWith('#X') ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? ''),
  );

const attributesOf = (raw: string): Record<string, string> => {
  const attributes: Record<string, string> = {};
  for (const match of raw.matchAll(/([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attributes[match[1].toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? '');
  return attributes;
};

/** an RSA public key from the discovery's base64 modulus and exponent (big-endian, as .NET writes them) */
const rsaKey = (modulus: string | undefined, exponent: string | undefined): KeyObject | null => {
  if (!modulus || !exponent) return null;
  try {
    const url = (value: string) => Buffer.from(value, 'base64').toString('base64url');
    return createPublicKey({ key: { kty: 'RSA', n: url(modulus), e: url(exponent) }, format: 'jwk' });
  } catch {
    return null;
  }
};

const originOfUrl = (value: string): string | null => (URL.canParse(value) ? new URL(value).origin : null);

/**
 * The discovery XML read for what the host needs: each `<action>` of each `<app>` of each `<net-zone>`,
 * and the `<proof-key>`. Only actions on an allowed origin count; of two zones offering the same
 * extension and action the first in the document wins. A small reader of our own: the document is flat
 * and we take attributes only, no entity expansion beyond XML's five and numeric references.
 */
export const parseWopiDiscovery = (xml: string, allowedOrigins: readonly string[]): WopiDiscovery => {
  const actions: WopiDiscoveryAction[] = [];
  const seen = new Set<string>();
  let app = '';
  let proofKeys: WopiProofKeys = { current: null, old: null };
  for (const match of xml.matchAll(/<\s*(app|action|proof-key)\b([^>]*)>/gi)) {
    const attributes = attributesOf(match[2]);
    const tag = match[1].toLowerCase();
    if (tag === 'app') app = attributes['name'] ?? '';
    else if (tag === 'proof-key') proofKeys = { current: rsaKey(attributes['modulus'], attributes['exponent']), old: rsaKey(attributes['oldmodulus'], attributes['oldexponent']) };
    else {
      const name = attributes['name']?.toLowerCase();
      const ext = attributes['ext']?.toLowerCase().replace(/^\./, '');
      const urlsrc = attributes['urlsrc'];
      const origin = urlsrc ? originOfUrl(urlsrc.replace(/<[^>]*>/g, '')) : null;
      if (!name || !ext || !urlsrc || !origin || !allowedOrigins.includes(origin)) continue;
      const key = `${ext}:${name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      actions.push({ app, name, ext, urlsrc });
    }
  }
  return { actions, proofKeys };
};

/**
 * An action's address for one file: the urlsrc's optional placeholders (`<ui=UI_LLCC&>`) dropped, then
 * `WOPISrc` (the file's WOPI endpoint) added to its query.
 */
export const wopiActionUrl = (urlsrc: string, wopiSrc: string): string => {
  const base = urlsrc.replace(/<[^>]*>/g, '');
  const joiner = base.endsWith('?') || base.endsWith('&') ? '' : base.includes('?') ? '&' : '?';
  return `${base}${joiner}WOPISrc=${encodeURIComponent(wopiSrc)}`;
};

/** .NET ticks (100 ns since 0001-01-01) of the Unix epoch: X-WOPI-TimeStamp counts in them */
const EPOCH_TICKS = 621_355_968_000_000_000n;
const PROOF_MAX_AGE_MS = 20 * 60_000;

export const wopiTimestampOf = (date: Date): string => (BigInt(date.getTime()) * 10_000n + EPOCH_TICKS).toString();

/** what the suite signs: the access token, the full request URL in upper case and the timestamp, each after its length (int32, big-endian) */
export const wopiProofBytes = (accessToken: string, url: string, timestamp: string): Buffer => {
  const token = Buffer.from(accessToken, 'utf8');
  const address = Buffer.from(url.toUpperCase(), 'utf8');
  const time = Buffer.alloc(8);
  time.writeBigInt64BE(BigInt(timestamp));
  const length = (n: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeInt32BE(n);
    return bytes;
  };
  return Buffer.concat([length(token.length), token, length(address.length), address, length(8), time]);
};

const verifies = (key: KeyObject | null, signature: string | undefined, bytes: Buffer): boolean => {
  if (!key || !signature) return false;
  try {
    return createVerify('RSA-SHA256').update(bytes).verify(key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
};

export interface WopiProof {
  accessToken: string;
  /** the URL the suite called, as it called it (our public address, the path and the query) */
  url: string;
  timestamp: string | undefined;
  proof: string | undefined;
  proofOld: string | undefined;
}

/**
 * Whether a call comes from the suite that published the keys: the current key verifies X-WOPI-Proof or
 * X-WOPI-ProofOld, or the old key verifies X-WOPI-Proof (the suite rotated its key since our last
 * discovery), and the timestamp is at most 20 minutes old.
 */
export const verifyWopiProof = (keys: WopiProofKeys, proof: WopiProof, now: Date): boolean => {
  if (!proof.timestamp || !/^\d{1,20}$/.test(proof.timestamp)) return false;
  const ticks = BigInt(proof.timestamp);
  const sentAt = Number((ticks - EPOCH_TICKS) / 10_000n);
  if (!Number.isFinite(sentAt) || now.getTime() - sentAt > PROOF_MAX_AGE_MS) return false;
  const bytes = wopiProofBytes(proof.accessToken, proof.url, proof.timestamp);
  return verifies(keys.current, proof.proof, bytes) || verifies(keys.current, proof.proofOld, bytes) || verifies(keys.old, proof.proof, bytes);
};

/** Fetches the suite's discovery and keeps it for `discoveryTtlMs`; a failing fetch keeps the last one read. */
export class WopiDiscoveryClient {
  private cached: { discovery: WopiDiscovery; fetchedAt: number } | null = null;
  private pending: Promise<WopiDiscovery> | null = null;

  constructor(
    readonly config: WopiConfig,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async discovery(options: { fresh?: boolean } = {}): Promise<WopiDiscovery> {
    const now = this.clock().getTime();
    if (!options.fresh && this.cached && now - this.cached.fetchedAt < this.config.discoveryTtlMs) return this.cached.discovery;
    this.pending ??= this.fetchDiscovery().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async fetchDiscovery(): Promise<WopiDiscovery> {
    try {
      const res = await fetch(this.config.discoveryUrl, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
      if (!res.ok) throw new Error(`discovery answered ${res.status}`);
      const discovery = parseWopiDiscovery(await res.text(), this.config.allowedOrigins);
      this.cached = { discovery, fetchedAt: this.clock().getTime() };
      return discovery;
    } catch (error) {
      if (this.cached) return this.cached.discovery;
      throw new HttpProblem(503, 'service_unavailable', [], `WOPI discovery unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** the actions the suite offers for a file name's extension */
  async actionsFor(extension: string): Promise<WopiDiscoveryAction[]> {
    const ext = extension.toLowerCase().replace(/^\./, '');
    return (await this.discovery()).actions.filter((action) => action.ext === ext);
  }

  /**
   * Checks a call's proof when the discovery publishes a key (a suite without one, as Collabora before
   * 6.4, proves nothing and is trusted by its token alone); a failing proof is checked once more against
   * a fresh discovery, as the suite may have rotated its keys. 401 invalid_proof otherwise.
   */
  async requireProof(proof: WopiProof): Promise<void> {
    const keys = (await this.discovery()).proofKeys;
    if (!keys.current && !keys.old) return;
    if (verifyWopiProof(keys, proof, this.clock())) return;
    if (verifyWopiProof((await this.discovery({ fresh: true })).proofKeys, proof, this.clock())) return;
    throw new HttpProblem(401, 'invalid_proof');
  }
}

/** the file's WOPI endpoint as the suite calls it (WOPISrc) */
export const wopiSrcOf = (publicUrl: string, fileId: string): string => `${publicUrl.replace(/\/$/, '')}/wopi/files/${encodeURIComponent(fileId)}`;

/**
 * A WOPI call's access token (the `access_token` query parameter, or an `Authorization: Bearer` header),
 * read and proved: its claims, or 401 invalid_access_token for none, a forged, expired one or one of
 * another file. Rights are the caller's to check again.
 */
export const wopiCallClaims = async (req: Request, fileId: string, options: { secret: string; publicUrl: string; discovery: WopiDiscoveryClient; now: Date }): Promise<WopiTokenClaims> => {
  const query = req.query['access_token'];
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
  const token = typeof query === 'string' ? query : (bearer ?? null);
  const claims = readWopiToken(options.secret, token, options.now);
  if (!token || !claims || claims.file_id !== fileId) throw new HttpProblem(401, 'invalid_access_token');
  await options.discovery.requireProof({
    accessToken: token,
    url: `${options.publicUrl.replace(/\/$/, '')}${req.originalUrl}`,
    timestamp: req.get('x-wopi-timestamp'),
    proof: req.get('x-wopi-proof'),
    proofOld: req.get('x-wopi-proofold'),
  });
  return claims;
};

/** the WOPI configuration from the environment; undefined when no suite is connected (WOPI_DISCOVERY_URL unset) */
export const wopiConfigOf = (env: NodeJS.ProcessEnv, durationMs: (name: string, raw: string | undefined, fallbackMs: number) => number): WopiConfig | undefined => {
  const discoveryUrl = env['WOPI_DISCOVERY_URL']?.trim();
  if (!discoveryUrl) return undefined;
  const discoveryOrigin = originOfUrl(discoveryUrl);
  if (!discoveryOrigin || !/^https?:/.test(discoveryUrl)) throw new Error(`WOPI_DISCOVERY_URL=${discoveryUrl} is not an http(s) URL`);
  const allowed = (env['WOPI_ALLOWED_ORIGINS'] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const origin = originOfUrl(item);
      if (!origin || !/^https?:/.test(item)) throw new Error(`WOPI_ALLOWED_ORIGINS: ${item} is not an http(s) origin`);
      return origin;
    });
  return {
    discoveryUrl,
    allowedOrigins: allowed.length > 0 ? allowed : [discoveryOrigin],
    accessTokenTtlMs: durationMs('WOPI_ACCESS_TOKEN_TTL', env['WOPI_ACCESS_TOKEN_TTL'], 10 * 3_600_000),
    discoveryTtlMs: durationMs('WOPI_DISCOVERY_TTL', env['WOPI_DISCOVERY_TTL'], 3_600_000),
  };
};

const discoveryClients = new WeakMap<WopiConfig, WopiDiscoveryClient>();

/** one discovery cache per configuration: the services of one process (standalone) share it */
export const wopiDiscoveryFor = (config: WopiConfig, clock: () => Date): WopiDiscoveryClient => {
  let client = discoveryClients.get(config);
  if (!client) {
    client = new WopiDiscoveryClient(config, clock);
    discoveryClients.set(config, client);
  }
  return client;
};
