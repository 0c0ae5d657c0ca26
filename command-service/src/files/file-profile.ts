import { profileIssues, storedProfile, type ProfileValues, type PropertyDefinition } from '@cn/contracts';
import { DomainValidationError } from '@cn/domain';

/**
 * Profile values as a command carries them: what the member sent, the profile's properties for the item's
 * scope (the `file_profile` or `folder_profile` property set, resolved) and whether the network's profiles
 * are on (the files settings).
 */
export interface ProfileInput {
  values: Readonly<Record<string, string>>;
  properties: readonly PropertyDefinition[];
  enabled: boolean;
}

/**
 * The values an event records, or undefined for none: while profiles are off nothing may be sent
 * (`profiles_disabled` at `field`); while on, the values must fit the profile (a required property included,
 * even when nothing was sent). Every issue is answered at once.
 */
export const decideProfile = (input: ProfileInput | undefined, field: string): ProfileValues | undefined => {
  if (!input) return undefined;
  if (!input.enabled) {
    if (Object.keys(input.values).length > 0) throw new DomainValidationError([{ field, key: 'profiles_disabled' }]);
    return undefined;
  }
  const issues = profileIssues(input.values, input.properties, field);
  if (issues.length > 0) throw new DomainValidationError(issues);
  return storedProfile(input.values, input.properties);
};
