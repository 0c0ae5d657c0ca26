import fc from 'fast-check';
import { DEFAULT_NETWORK_ID, DEFAULT_NETWORK_SETTINGS, type NetworkSettingsEvent } from '@cn/contracts';
import { DomainValidationError } from '@cn/domain';
import { networkSettingsDecider, type ChangeNetworkSettings } from './change-network-settings.decider';
import { deciderSpecification, refusalOf } from '@cn/platform/testing';

const spec = deciderSpecification(networkSettingsDecider);
/** settings name several fields at once: a refusal lists every one of them */
const given = (events: NetworkSettingsEvent[]) => ({
  when: (changes: ChangeNetworkSettings['changes']) => {
    const command: ChangeNetworkSettings = { type: 'ChangeNetworkSettings', network_id: DEFAULT_NETWORK_ID, changes };
    return {
      then: (expected: NetworkSettingsEvent[]) => spec.given(events).when(command).then(expected),
      thenRefused: (key: string, field: string) => {
        const error = refusalOf(() => spec.decide(events, command));
        expect((error as DomainValidationError).errors).toContainEqual({ field, key });
        return error as DomainValidationError;
      },
    };
  },
});

const renamed = (name: string): NetworkSettingsEvent => ({
  type: 'NetworkBasicSettingsChanged',
  data: { network_id: DEFAULT_NETWORK_ID, basic: { ...DEFAULT_NETWORK_SETTINGS.basic, name }, changed_fields: ['name'] },
});

describe('changing network settings', () => {
  it('merges the given fields over the current tab and names what changed', () => {
    given([]).when({ basic: { name: 'Demo Network' } }).then([renamed('Demo Network')]);
  });

  it('decides on the state the stream holds', () => {
    given([renamed('First')])
      .when({ basic: { language: 'en' } })
      .then([
        {
          type: 'NetworkBasicSettingsChanged',
          data: { network_id: DEFAULT_NETWORK_ID, basic: { name: 'First', language: 'en', abuse_reports_enabled: false, time_zone: 'Europe/Berlin' }, changed_fields: ['language'] },
        },
      ]);
  });

  it('appends nothing when no value actually changes', () => {
    given([renamed('Same')]).when({ basic: { name: 'Same' }, mail: { digests: { enabled: true } } }).then([]);
  });

  it('answers one event per changed tab', () => {
    const events = networkSettingsDecider.decide(
      { type: 'ChangeNetworkSettings', network_id: DEFAULT_NETWORK_ID, changes: { basic: { abuse_reports_enabled: true }, member: { show_online_status: 'enabled' }, join: {} } },
      DEFAULT_NETWORK_SETTINGS,
    );
    expect(events.map((event) => [event.type, event.data.changed_fields])).toEqual([
      ['NetworkBasicSettingsChanged', ['abuse_reports_enabled']],
      ['NetworkMemberSettingsChanged', ['show_online_status']],
    ]);
  });

  it('merges nested objects field by field', () => {
    const [event] = networkSettingsDecider.decide(
      { type: 'ChangeNetworkSettings', network_id: DEFAULT_NETWORK_ID, changes: { mail: { digests: { max_upcoming_appointments: 30 } } } },
      DEFAULT_NETWORK_SETTINGS,
    );
    expect(event).toEqual({
      type: 'NetworkMailSettingsChanged',
      data: {
        network_id: DEFAULT_NETWORK_ID,
        mail: { ...DEFAULT_NETWORK_SETTINGS.mail, digests: { enabled: true, max_upcoming_appointments: 30 } },
        changed_fields: ['digests'],
      },
    });
  });

  it('requires a two-factor method when two-factor is enabled', () => {
    given([])
      .when({ member: { two_factor: 'enabled', two_factor_totp_available: false, two_factor_email_available: false } })
      .thenRefused('selection_required', 'member.two_factor_totp_available');
  });

  it('accepts enforced two-factor with one method', () => {
    const events = networkSettingsDecider.decide(
      { type: 'ChangeNetworkSettings', network_id: DEFAULT_NETWORK_ID, changes: { member: { two_factor: 'enforced', two_factor_totp_available: false } } },
      DEFAULT_NETWORK_SETTINGS,
    );
    expect(events).toHaveLength(1);
  });

  it('refuses more than 30 upcoming appointments in the digest', () => {
    given([]).when({ mail: { digests: { max_upcoming_appointments: 31 } } }).thenRefused('too_big', 'mail.digests.max_upcoming_appointments');
  });

  it('refuses fewer than 0 upcoming appointments in the digest', () => {
    given([]).when({ mail: { digests: { max_upcoming_appointments: -1 } } }).thenRefused('too_small', 'mail.digests.max_upcoming_appointments');
  });

  it('requires street, number, zip and city when the map is shown', () => {
    const error = given([])
      .when({ member: { show_map: true, network_location: { street: '', number: '1', zip: '12345', city: 'Berlin' } } })
      .thenRefused('required', 'member.network_location.street');
    expect(error.errors).toHaveLength(1);
  });

  it('reports fields a tab does not have', () => {
    given([]).when({ basic: { colour: 'red' } }).thenRefused('unknown_field', 'basic.colour');
    given([]).when({ mail: { digests: { often: true } } }).thenRefused('unknown_field', 'mail.digests.often');
  });

  it('reports wrong types and empty names with their keys, for all tabs at once', () => {
    const error = given([]).when({ basic: { name: '  ' }, join: { join_moderated: 'yes' } }).thenRefused('required', 'basic.name');
    expect(error.errors).toContainEqual({ field: 'join.join_moderated', key: 'invalid_type' });
    expect(error.kind).toBe('invalid');
  });

  it('does not let __proto__ through the merge', () => {
    const changes = JSON.parse('{"basic":{"__proto__":{"name":"x"}}}') as ChangeNetworkSettings['changes'];
    given([]).when(changes).thenRefused('unknown_field', 'basic.__proto__');
  });

  it('property: a valid digest count is accepted and reads back; any other number is refused on that field', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), fc.boolean(), (count, enabled) => {
        const decide = () =>
          networkSettingsDecider.decide(
            { type: 'ChangeNetworkSettings', network_id: DEFAULT_NETWORK_ID, changes: { mail: { digests: { max_upcoming_appointments: count, enabled } } } },
            DEFAULT_NETWORK_SETTINGS,
          );
        if (count >= 0 && count <= 30) {
          const events = decide();
          const state = events.reduce(networkSettingsDecider.evolve, DEFAULT_NETWORK_SETTINGS);
          expect(state.mail.digests).toEqual({ max_upcoming_appointments: count, enabled });
          expect(state.mail.birthday_emails).toEqual(DEFAULT_NETWORK_SETTINGS.mail.birthday_emails);
          // deciding the same change again on the new state changes nothing
          expect(
            networkSettingsDecider.decide(
              { type: 'ChangeNetworkSettings', network_id: DEFAULT_NETWORK_ID, changes: { mail: { digests: { max_upcoming_appointments: count, enabled } } } },
              state,
            ),
          ).toEqual([]);
        } else {
          expect(decide).toThrow(DomainValidationError);
        }
      }),
    );
  });

  it('property: whatever the two-factor choices, enabled without a method is always refused', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('disabled', 'enabled', 'enforced'),
        fc.boolean(),
        fc.boolean(),
        (two_factor, totp, email) => {
          const decide = () =>
            networkSettingsDecider.decide(
              {
                type: 'ChangeNetworkSettings',
                network_id: DEFAULT_NETWORK_ID,
                changes: { member: { two_factor, two_factor_totp_available: totp, two_factor_email_available: email } },
              },
              DEFAULT_NETWORK_SETTINGS,
            );
          if (two_factor !== 'disabled' && !totp && !email) expect(decide).toThrow(DomainValidationError);
          else expect(decide).not.toThrow();
        },
      ),
    );
  });
});
