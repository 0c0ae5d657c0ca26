import {
  DEFAULT_NETWORK_SETTINGS,
  SETTINGS_TABS,
  type NetworkSettings,
  type SettingsTab,
} from '@cn/contracts';

/** The body of `PUT /administration/settings`: only the tabs, and inside them the fields, that changed. */
export type SettingsChanges = { [Tab in SettingsTab]?: Partial<NetworkSettings[Tab]> };

export { SETTINGS_RECORD_ID, type SettingsRecord } from './settings-record';
import { SETTINGS_RECORD_ID, type SettingsRecord } from './settings-record';

export const deepEqual = (left: unknown, right: unknown): boolean => {
  if (Object.is(left, right)) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => deepEqual(item, right[index]))
    );
  }
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  const leftEntries = Object.entries(left);
  const rightRecord = right as Record<string, unknown>;
  return (
    leftEntries.length === Object.keys(rightRecord).length &&
    leftEntries.every(([key, value]) => key in rightRecord && deepEqual(value, rightRecord[key]))
  );
};

const changedFields = <Tab extends SettingsTab>(
  previous: NetworkSettings[Tab],
  next: NetworkSettings[Tab],
): Partial<NetworkSettings[Tab]> | null => {
  const previousFields = previous as Record<string, unknown>;
  const changes = Object.fromEntries(
    Object.entries(next).filter(([field, value]) => !deepEqual(value, previousFields[field])),
  );
  return Object.keys(changes).length === 0 ? null : (changes as Partial<NetworkSettings[Tab]>);
};

/** Top-level fields of a tab are the unit of change; a nested object (e.g. network_location) is sent whole. */
export const diffSettings = (previous: NetworkSettings, next: NetworkSettings): SettingsChanges => {
  const changes: SettingsChanges = {};
  for (const tab of SETTINGS_TABS) {
    const tabChanges = changedFields(previous[tab], next[tab]);
    if (tabChanges !== null) Object.assign(changes, { [tab]: tabChanges });
  }
  return changes;
};

export const hasChanges = (changes: SettingsChanges): boolean => Object.keys(changes).length > 0;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const mergeOver = (defaults: unknown, value: unknown): unknown => {
  if (value === undefined) return defaults;
  if (!isPlainObject(defaults) || !isPlainObject(value)) return value;
  const keys = new Set([...Object.keys(defaults), ...Object.keys(value)]);
  return Object.fromEntries([...keys].map((key) => [key, mergeOver(defaults[key], value[key])]));
};

/** Fills what an older read model lacks with the contract's defaults, so every input has a value. */
export const toSettingsRecord = (settings: unknown): SettingsRecord => {
  const merged = mergeOver(DEFAULT_NETWORK_SETTINGS, settings) as NetworkSettings;
  return {
    id: SETTINGS_RECORD_ID,
    basic: merged.basic,
    join: merged.join,
    member: merged.member,
    mail: merged.mail,
  };
};

/** The tabs of form values; anything else react-admin keeps in the record (the id) is left out. */
export const settingsOf = (values: Partial<SettingsRecord>): NetworkSettings => toSettingsRecord(values);
