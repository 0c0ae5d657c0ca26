import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@cn/contracts';

/** One-time passwords: HOTP (RFC 4226) and TOTP (RFC 6238) on HMAC-SHA-1, as every authenticator app reads them. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const base32Encode = (bytes: Buffer): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
};

/** null when the text is not base32 (spaces and padding are ignored, case too) */
export const base32Decode = (text: string): Buffer | null => {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  if (clean.length === 0) return null;
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
};

/** RFC 4226 §5.3: HMAC-SHA-1 of the 8-byte counter, dynamically truncated to `digits` decimal digits. */
export const hotp = (secret: Buffer, counter: number, digits: number = TOTP_DIGITS): string => {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
};

/** RFC 6238: the time step of an instant (T0 = 0) */
export const timeStep = (atMs: number, periodSeconds: number = TOTP_PERIOD_SECONDS): number => Math.floor(atMs / 1000 / periodSeconds);

export const totp = (secret: Buffer, atMs: number, options: { digits?: number; periodSeconds?: number } = {}): string =>
  hotp(secret, timeStep(atMs, options.periodSeconds), options.digits);

const sameCode = (a: string, b: string): boolean => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The step whose code this is, searched from `drift` steps before the current one to `drift` after;
 * null when none matches. The caller refuses a step at or before the last one used (no replay).
 */
export const matchingStep = (secret: Buffer, code: string, atMs: number, options: { periodSeconds?: number; drift: number }): number | null => {
  const current = timeStep(atMs, options.periodSeconds);
  let found: number | null = null;
  // every candidate is computed and compared, so the time taken tells nothing about which matched
  for (let step = current - options.drift; step <= current + options.drift; step += 1) {
    if (sameCode(hotp(secret, step), code) && found === null) found = step;
  }
  return found;
};

/** 160 random bits, the length RFC 4226 recommends */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** otpauth://totp/<issuer>:<account>?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30 (Key URI Format) */
export const provisioningUri = (secret: string, account: string, issuer: string = TOTP_ISSUER): string => {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
};

/** the secret of an otpauth URI; null when it is not one */
export const secretOfUri = (uri: string): string | null => {
  try {
    const url = new URL(uri);
    if (url.protocol !== 'otpauth:') return null;
    return url.searchParams.get('secret');
  } catch {
    return null;
  }
};

const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** ten codes of eight characters (about 39 bits each), shown as xxxx-xxxx */
export const newBackupCodes = (count: number): string[] =>
  Array.from({ length: count }, () => {
    const chars = Array.from({ length: 8 }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });

export const normalizeBackupCode = (code: string): string => code.trim().toLowerCase().replace(/-/g, '');
export const backupCodeHash = (code: string): string => createHash('sha256').update(normalizeBackupCode(code)).digest('hex');
