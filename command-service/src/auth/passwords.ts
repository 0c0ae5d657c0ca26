import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt (memory-hard) from node:crypto; the parameters travel with the hash so N can be raised later. */
const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

const derive = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

const optionsFor = (N: number, r: number, p: number): ScryptOptions => ({ N, r, p, maxmem: 256 * N * r + 1024 * 1024 });

export const hashPassword = async (password: string, cost: { N: number }): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, optionsFor(cost.N, BLOCK_SIZE, PARALLELISM));
  return ['scrypt', cost.N, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const [N, blockSize, parallelism] = [Number(n), Number(r), Number(p)];
  if (![N, blockSize, parallelism].every((value) => Number.isSafeInteger(value) && value > 0)) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), optionsFor(N, blockSize, parallelism));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};
