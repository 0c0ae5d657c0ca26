import { PASSWORD_MIN_LENGTH } from '@cn/contracts';
import fc from 'fast-check';
import { passwordPolicyError } from './password-policy';

describe('password policy (OWASP ASVS 5.0 V6.2)', () => {
  it('needs at least 8 characters, counted as a person counts them', () => {
    expect(passwordPolicyError('Tr0ub4d', 'ada@example.org')).toBe('password_too_short');
    expect(passwordPolicyError('ÄÖÜßéèçñ', 'ada@example.org')).toBeNull();
    expect(passwordPolicyError('🙂🙂🙂🙂🙂🙂🙂', 'ada@example.org')).toBe('password_too_short');
  });

  it('refuses commonly used passwords whatever their case', () => {
    for (const common of ['password', 'changeme', 'iloveyou', 'Password1', 'QWERTYUIOP', '12345678']) {
      expect(passwordPolicyError(common, 'ada@example.org')).toBe('password_too_common');
    }
  });

  it('refuses the address itself and its local part', () => {
    expect(passwordPolicyError('ada.lovelace@example.org', 'Ada.Lovelace@example.org')).toBe('password_matches_email');
    expect(passwordPolicyError('ADA.LOVELACE', 'ada.lovelace@example.org')).toBe('password_matches_email');
    expect(passwordPolicyError('ada.lovelace is here', 'ada.lovelace@example.org')).toBeNull();
  });

  it('accepts any long passphrase that is not on the list, with no composition rules', () => {
    fc.assert(
      fc.property(fc.string({ minLength: PASSWORD_MIN_LENGTH + 12, maxLength: 64 }), (phrase) => {
        fc.pre([...phrase.normalize('NFKC')].length >= PASSWORD_MIN_LENGTH + 12);
        expect(passwordPolicyError(phrase, 'ada@example.org')).toBeNull();
      }),
    );
  });
});
