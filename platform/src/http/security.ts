import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';

/**
 * Headers on every answer (API, errors, the consoles' files). The consoles load only their own bundled
 * scripts: no inline script is allowed, nor framing by any page. Inline styles stay allowed because the
 * admin console's component library (MUI, emotion) injects them.
 */
const contentSecurityPolicy = (imageSources: readonly string[], formActions: readonly string[] = []): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageSources].join(' '),
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formActions].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy([]);

/**
 * The image source a map tile URL template needs in the policy (MAP_TILE_URL): its origin, a
 * placeholder in the host (`https://{s}.tiles.example/…`) becoming a wildcard; null for a template that
 * is no absolute http(s) URL (then the tiles are not allowed, rather than everything).
 */
export const tileImageSource = (template: string): string | null => {
  const match = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!match) return null;
  const host = match[2].replace(/^\{[^}]*\}\./, '*.');
  return /^[*]?[A-Za-z0-9.:[\]-]+$/.test(host) && !host.includes('{') ? `${match[1]}://${host}` : null;
};

const securityHeadersOf = (policy: string): ReadonlyArray<[string, string]> => [
  ['Content-Security-Policy', policy],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

/**
 * The headers, with the image sources the consoles may load besides their own (the map's tile server)
 * and the origins their forms may post to besides their own (the office suite, which takes a WOPI access
 * token only in a form's body).
 * `req.secure` honours Express's 'trust proxy': a proxy's X-Forwarded-Proto counts only when trusted.
 */
export const securityHeadersWith = (imageSources: readonly string[], formActions: readonly string[] = []) => {
  // the same for every answer: built once, not per request
  const headers = securityHeadersOf(contentSecurityPolicy(imageSources, formActions));
  return (req: Request, res: Response, next: NextFunction): void => {
    for (const [name, value] of headers) res.setHeader(name, value);
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
};

export const securityHeaders = securityHeadersWith([]);

/** Addresses and CIDRs (`10.0.0.0/8`, `::1`, `192.0.2.7`); IPv4-mapped IPv6 addresses match their IPv4 form. */
export const createAddressMatcher = (entries: readonly string[]): ((address: string | undefined) => boolean) => {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0) throw new Error(`${entry} is not an address or CIDR`);
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (raw) => {
    if (!raw) return false;
    const address = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
};

const sameText = (a: string, b: string): boolean => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

export interface MetricsAccess {
  token?: string;
  allow: readonly string[];
}

/** Whether a request may read /metrics: the configured bearer token, or an allowed client address. */
export const metricsAccessOf = (access: MetricsAccess): ((req: Request) => boolean) => {
  const allowed = createAddressMatcher(access.allow);
  return (req) => {
    const authorization = req.get('authorization') ?? '';
    if (access.token && authorization.startsWith('Bearer ') && sameText(authorization.slice(7), access.token)) return true;
    return allowed(req.ip);
  };
};

/**
 * A browser's WebSocket upgrade carries the page's Origin: it must be this server's own origin (its Host,
 * or the forwarded host when a trusted proxy sent the request) or one configured as allowed, so that no
 * other site's page can open a member's socket with the member's cookie. Clients that send no Origin (not
 * browsers) are left to the session check.
 */
export const isAllowedOrigin = (req: IncomingMessage, allowedOrigins: readonly string[], trustProxy: boolean): boolean => {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const { host, origin: normalized } = new URL(origin);
  if (allowedOrigins.includes(normalized)) return true;
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const own = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || req.headers.host;
  return own !== undefined && own.toLowerCase() === host.toLowerCase();
};
