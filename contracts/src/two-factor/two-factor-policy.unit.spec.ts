import { factorMethodAllowed, twoFactorSetupRequired, type TwoFactorPolicy } from './two-factor';

const policy = (two_factor: TwoFactorPolicy['two_factor'], totp = true, email = true): TwoFactorPolicy => ({
  two_factor, two_factor_totp_available: totp, two_factor_email_available: email,
});

describe('what the network allows of two-factor', () => {
  it('deactivates a factor whose method is switched off, and every factor while two-factor is disabled', () => {
    expect(factorMethodAllowed(policy('enabled'), 'totp')).toBe(true);
    expect(factorMethodAllowed(policy('enabled', false), 'totp')).toBe(false);
    expect(factorMethodAllowed(policy('enabled', false), 'email')).toBe(true);
    expect(factorMethodAllowed(policy('enforced', true, false), 'email')).toBe(false);
    expect(factorMethodAllowed(policy('disabled'), 'totp')).toBe(false);
  });

  it('asks for a setup only where two-factor is enforced and no factor of an allowed method exists', () => {
    expect(twoFactorSetupRequired(policy('enabled'), [])).toBe(false);
    expect(twoFactorSetupRequired(policy('enforced'), [])).toBe(true);
    expect(twoFactorSetupRequired(policy('enforced'), ['totp'])).toBe(false);
    expect(twoFactorSetupRequired(policy('enforced', false), ['totp'])).toBe(true);
    expect(twoFactorSetupRequired(policy('enforced', false), ['totp', 'email'])).toBe(false);
  });
});
