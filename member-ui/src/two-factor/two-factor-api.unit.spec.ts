import { backupCodesFile, codeErrorOf } from './two-factor-api';

describe('two-factor inputs', () => {
  it('requires a numeric code of six digits, and a backup code only where the sign-in takes one', () => {
    expect(codeErrorOf('')).toBe('required');
    expect(codeErrorOf(' 123456 ')).toBeNull();
    expect(codeErrorOf('12345a')).toBe('invalid_format');
    expect(codeErrorOf('abcd-efgh')).toBe('invalid_format');
    expect(codeErrorOf('abcd-efgh', true)).toBeNull();
  });

  it('writes backup_codes.txt with one code a line', () => {
    expect(backupCodesFile(['abcd-efgh', 'ijkm-npqr'])).toEqual({ name: 'backup_codes.txt', text: 'abcd-efgh\nijkm-npqr\n' });
  });
});
