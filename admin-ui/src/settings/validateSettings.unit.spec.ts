import { DEFAULT_NETWORK_SETTINGS, type NetworkSettings } from '@cn/contracts';
import { fieldErrorsToFormErrors } from '../api/serverErrors';
import { validateSettings } from './validateSettings';
import { validateNewMember } from '../members/newMember';

const settings = (): NetworkSettings => structuredClone(DEFAULT_NETWORK_SETTINGS);

describe('validateSettings (the contracts tab schemas, mapped to form errors)', () => {
  it('accepts the defaults', () => {
    expect(validateSettings(settings())).toEqual({});
  });

  it('asks for a two-factor method when two-factor is not disabled', () => {
    const values = settings();
    values.member.two_factor = 'enabled';
    values.member.two_factor_totp_available = false;
    values.member.two_factor_email_available = false;
    expect(validateSettings(values)).toEqual({
      member: { two_factor_totp_available: 'cn.errors.selection_required' },
    });
  });

  it('keeps the digest between 0 and 30', () => {
    const tooMany = settings();
    tooMany.mail.digests.max_upcoming_appointments = 31;
    expect(validateSettings(tooMany)).toEqual({ mail: { digests: { max_upcoming_appointments: 'cn.errors.too_big' } } });
    const negative = settings();
    negative.mail.digests.max_upcoming_appointments = -1;
    expect(validateSettings(negative)).toEqual({
      mail: { digests: { max_upcoming_appointments: 'cn.errors.too_small' } },
    });
    const edge = settings();
    edge.mail.digests.max_upcoming_appointments = 30;
    expect(validateSettings(edge)).toEqual({});
  });

  it('requires street, number, zip and city while the map is shown, but not the country', () => {
    const values = settings();
    values.member.show_map = true;
    values.member.network_location.city = 'Berlin';
    expect(validateSettings(values)).toEqual({
      member: {
        network_location: { street: 'cn.errors.required', number: 'cn.errors.required', zip: 'cn.errors.required' },
      },
    });
  });

  it('names an empty network name and a cleared number input', () => {
    const values = settings() as unknown as { basic: { name: string }; mail: { digests: { max_upcoming_appointments: unknown } } };
    values.basic.name = '  ';
    values.mail.digests.max_upcoming_appointments = null;
    expect(validateSettings(values as unknown as NetworkSettings)).toEqual({
      basic: { name: 'cn.errors.required' },
      mail: { digests: { max_upcoming_appointments: 'cn.errors.invalid_type' } },
    });
  });
});

describe('server field errors', () => {
  it('become nested form errors carrying the i18n key', () => {
    expect(
      fieldErrorsToFormErrors([
        { field: 'mail.digests.max_upcoming_appointments', key: 'too_big' },
        { field: 'member.two_factor_totp_available', key: 'selection_required' },
        { field: '', key: 'validation_failed' },
      ]),
    ).toEqual({
      mail: { digests: { max_upcoming_appointments: 'cn.errors.too_big' } },
      member: { two_factor_totp_available: 'cn.errors.selection_required' },
    });
  });
});

describe('validateNewMember', () => {
  it('requires a password unless the welcome mail is sent', () => {
    expect(validateNewMember({ email: 'a@b.de', send_welcome_mail: false, password: '' })).toEqual({
      password: 'cn.errors.required',
    });
    expect(validateNewMember({ email: 'a@b.de', send_welcome_mail: true, password: '' })).toEqual({});
    expect(validateNewMember({ email: '', send_welcome_mail: true })).toEqual({ email: 'cn.errors.required' });
  });
});
