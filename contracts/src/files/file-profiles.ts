import { z } from 'zod';
import type { FieldError } from '../common/errors';
import { PROPERTY_NAME_PATTERN, type PropertyDefinition } from '../apps/properties';

/**
 * File and folder profiles (messages-files-admin-members-groups.md: the new-files form's `file_profile`,
 * items' `folder_profile` and `file_profile`, "only when network config enables them"; calendars-…: "Profile
 * property: name, label, type (date, text, selection; sortable)"). Like a document management system's
 * metadata profiles: an administrator defines the properties once, as property sets named `file_profile` and
 * `folder_profile` (the network's, a group category's or a group's own, resolved as property sets inherit),
 * and every file or folder then carries values for them. The files settings' `profiles_enabled` switches
 * them on; while off, nobody sends or sees profile values.
 */
export const FILE_PROFILE_SET = 'file_profile';
export const FOLDER_PROFILE_SET = 'folder_profile';
/** the property types a profile offers (a set's other properties are not part of the profile) */
export const PROFILE_PROPERTY_TYPES = ['text', 'date', 'selection'] as const;
export const PROFILE_TEXT_MAX_LENGTH = 500;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** a file's or folder's profile values by property name ({} for none) */
export type ProfileValues = Record<string, string>;

/** a request's profile values: property names to strings (checked against the profile by the command side) */
export const profileValuesSchema = z.record(
  z.string().regex(PROPERTY_NAME_PATTERN, { message: 'unknown_property' }),
  z.string({ message: 'invalid_type' }).max(PROFILE_TEXT_MAX_LENGTH, { message: 'too_long' }),
  { message: 'invalid_type' },
);

/** the properties of a resolved set that make up a profile */
export const profileProperties = (properties: readonly PropertyDefinition[]): PropertyDefinition[] =>
  properties.filter((property) => (PROFILE_PROPERTY_TYPES as readonly string[]).includes(property.type));

const validDate = (value: string): boolean => {
  if (!ISO_DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  // a month 13 is no date at all, 30 February rolls over into March: both are refused
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};

/**
 * What is wrong with `values` for a profile of `properties` (at `field`): a name the profile does not have,
 * a required property left empty, a text longer than its maxlength, no ISO day for a date, a value no option
 * of a selection has. [] when they fit.
 */
export const profileIssues = (values: Readonly<Record<string, string>>, properties: readonly PropertyDefinition[], field: string): FieldError[] => {
  const offered = profileProperties(properties);
  const issues: FieldError[] = Object.keys(values)
    .filter((name) => !offered.some((property) => property.name === name))
    .map((name) => ({ field: `${field}.${name}`, key: 'unknown_property' }));
  for (const property of offered) {
    const value = (values[property.name] ?? '').trim();
    const at = `${field}.${property.name}`;
    if (value === '') {
      if (property.required) issues.push({ field: at, key: 'required' });
      continue;
    }
    if (property.type === 'text' && value.length > (property.maxlength ?? PROFILE_TEXT_MAX_LENGTH)) issues.push({ field: at, key: 'too_long' });
    if (property.type === 'date' && !validDate(value)) issues.push({ field: at, key: 'invalid_date' });
    if (property.type === 'selection' && !property.options.some((option) => option.value === value)) issues.push({ field: at, key: 'invalid_value' });
  }
  return issues;
};

/** the values as stored: the profile's properties only, trimmed, empty ones left out */
export const storedProfile = (values: Readonly<Record<string, string>>, properties: readonly PropertyDefinition[]): ProfileValues =>
  Object.fromEntries(
    profileProperties(properties).flatMap((property) => {
      const value = (values[property.name] ?? '').trim();
      return value === '' ? [] : [[property.name, value]];
    }),
  );
