import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** IPv4 ranges a server must not be made to fetch for someone: this host, private networks, link-local (cloud metadata), CGNAT, multicast and reserved */
const PRIVATE_V4: ReadonlyArray<readonly [number, number]> = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15],
  [0xe0000000, 3],
];

const v4 = (address: string): number => address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);

/** whether an IP address is loopback, private, link-local or otherwise not on the public internet */
export const isPrivateAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]);
  if (isIP(address) === 4) {
    const value = v4(address);
    return PRIVATE_V4.some(([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
  }
  const lower = address.toLowerCase();
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || /^ff/.test(lower);
};

/** resolves the URL's host; true when any of its addresses is private (a name that does not resolve counts as unreachable, not private) */
export const resolvesToPrivateAddress = async (url: URL): Promise<boolean> => {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return isPrivateAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const addresses = await lookup(host, { all: true });
  return addresses.some((entry) => isPrivateAddress(entry.address));
};
