import { SIGN_IN_BACKOFF_CAP_MS } from '@cn/contracts';
import { normalizeAccount, normalizeAddress, retryAfterSeconds, signInBackoffMs } from './sign-in-throttle';

describe('sign-in back-off', () => {
  it('is free below the threshold, then 1 s doubling per failure', () => {
    expect([0, 4, 5, 6, 7, 10].map((failures) => signInBackoffMs(failures, 5))).toEqual([0, 0, 1_000, 2_000, 4_000, 32_000]);
  });

  it('never waits more than the cap, however many failures', () => {
    expect(signInBackoffMs(15, 5)).toBe(SIGN_IN_BACKOFF_CAP_MS);
    expect(signInBackoffMs(5_000, 5)).toBe(SIGN_IN_BACKOFF_CAP_MS);
    expect(SIGN_IN_BACKOFF_CAP_MS).toBeLessThanOrEqual(15 * 60_000);
  });

  it('answers Retry-After in whole seconds, at least 1', () => {
    expect(retryAfterSeconds(10_000, 10_000)).toBe(1);
    expect(retryAfterSeconds(10_001, 10_000)).toBe(1);
    expect(retryAfterSeconds(12_001, 10_000)).toBe(3);
  });

  it('counts an account by its normalized email and an address by its client', () => {
    expect(normalizeAccount(' Member@Example.ORG ')).toBe('member@example.org');
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress('2001:DB8:0:12::1')).toBe('2001:db8:0:12::/64');
    expect(normalizeAddress('2001:db8:0:12:ffff:1:2:3')).toBe('2001:db8:0:12::/64');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
