import { base32Decode, base32Encode, backupCodeHash, hotp, matchingStep, newBackupCodes, provisioningUri, secretOfUri, totp } from './totp';

const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');

describe('HOTP (RFC 4226, appendix D)', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, counter) => [counter, code]))('counter %i gives %s', (counter, code) => {
    expect(hotp(RFC_SECRET, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238, appendix B, SHA-1, 8 digits)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s gives %s', (seconds, code) => {
    expect(totp(RFC_SECRET, seconds * 1000, { digits: 8 })).toBe(code);
  });
});

describe('base32 (RFC 4648)', () => {
  it('round-trips and matches the RFC vector', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======')?.toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi')?.toString()).toBe('foobar');
    expect(base32Decode('not base32!')).toBeNull();
    expect(base32Decode('')).toBeNull();
  });
});

describe('matching a code', () => {
  const at = 1_700_000_000_000;
  it('takes the current step and one step of drift, not more', () => {
    const step = Math.floor(at / 30_000);
    expect(matchingStep(RFC_SECRET, hotp(RFC_SECRET, step), at, { drift: 1 })).toBe(step);
    expect(matchingStep(RFC_SECRET, hotp(RFC_SECRET, step - 1), at, { drift: 1 })).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, hotp(RFC_SECRET, step + 1), at, { drift: 1 })).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, hotp(RFC_SECRET, step - 2), at, { drift: 1 })).toBeNull();
    expect(matchingStep(RFC_SECRET, '000000', at, { drift: 0 })).toBe(hotp(RFC_SECRET, step) === '000000' ? step : null);
  });
});

describe('provisioning and backup codes', () => {
  it('writes a Key URI the secret can be read back from', () => {
    const uri = provisioningUri('JBSWY3DPEHPK3PXP', 'ada@example.org');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Community%20Network:ada%40example\.org\?secret=JBSWY3DPEHPK3PXP&issuer=/);
    expect(secretOfUri(uri)).toBe('JBSWY3DPEHPK3PXP');
    expect(secretOfUri('https://example.org/?secret=X')).toBeNull();
    expect(secretOfUri('not a uri')).toBeNull();
  });

  it('makes distinct codes whose hash ignores case and the dash', () => {
    const codes = newBackupCodes(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(backupCodeHash(codes[0].toUpperCase().replace('-', ''))).toBe(backupCodeHash(codes[0]));
  });
});
