import {
  DEFAULT_NETWORK_SETTINGS,
  SETTINGS_TABS,
  tabSchemas,
  type ChangeNetworkSettingsRequest,
  type FieldError,
  type NetworkSettings,
  type NetworkSettingsEvent,
  type SettingsTab,
} from '@cn/contracts';
import { fieldErrorsOf } from '@cn/domain';
import { DomainValidationError, type Decider } from '@cn/domain';
import { z } from 'zod';

export interface ChangeNetworkSettings {
  type: 'ChangeNetworkSettings';
  network_id: string;
  /** per tab, the fields being changed (nested objects may be given in part) */
  changes: ChangeNetworkSettingsRequest;
}

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

const deepEqual = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isPlain(a) && isPlain(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
};

/**
 * The given fields over the current values; plain objects are merged field by field, anything else is
 * replaced. A field the tab does not have is reported rather than silently dropped.
 */
export const mergeOver = (current: unknown, patch: unknown, path: string, unknownFields: FieldError[]): unknown => {
  if (!isPlain(current) || !isPlain(patch)) return patch;
  const merged: Plain = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (!Object.hasOwn(current, key)) {
      unknownFields.push({ field: `${path}.${key}`, key: 'unknown_field' });
      continue;
    }
    merged[key] = mergeOver(current[key], value, `${path}.${key}`, unknownFields);
  }
  return merged;
};

const changedFields = (before: Plain, after: Plain): string[] => Object.keys(after).filter((key) => !deepEqual(before[key], after[key]));

const tabEvent = (tab: SettingsTab, networkId: string, settings: NetworkSettings, changed: string[]): NetworkSettingsEvent => {
  switch (tab) {
    case 'basic':
      return { type: 'NetworkBasicSettingsChanged', data: { network_id: networkId, basic: settings.basic, changed_fields: changed } };
    case 'join':
      return { type: 'NetworkJoinSettingsChanged', data: { network_id: networkId, join: settings.join, changed_fields: changed } };
    case 'member':
      return { type: 'NetworkMemberSettingsChanged', data: { network_id: networkId, member: settings.member, changed_fields: changed } };
    case 'mail':
      return { type: 'NetworkMailSettingsChanged', data: { network_id: networkId, mail: settings.mail, changed_fields: changed } };
  }
};

/** Merges and validates every given tab; all offending fields of all tabs are reported together. */
export const applySettingsChanges = (
  state: NetworkSettings,
  changes: ChangeNetworkSettingsRequest,
): { settings: NetworkSettings; changed: Array<{ tab: SettingsTab; fields: string[] }> } => {
  const errors: FieldError[] = [];
  const settings: NetworkSettings = { ...state };
  const changed: Array<{ tab: SettingsTab; fields: string[] }> = [];
  for (const tab of SETTINGS_TABS) {
    const patch = changes[tab];
    if (patch === undefined) continue;
    const merged = mergeOver(state[tab], patch, tab, errors);
    const result = z.safeParse(tabSchemas[tab], merged, { reportInput: true });
    if (!result.success) {
      errors.push(...fieldErrorsOf(result.error, tab));
      continue;
    }
    const fields = changedFields(state[tab], result.data);
    if (fields.length === 0) continue;
    (settings as Record<SettingsTab, unknown>)[tab] = result.data;
    changed.push({ tab, fields });
  }
  if (errors.length > 0) throw new DomainValidationError(errors);
  return { settings, changed };
};

export const decideSettingsChange = (command: ChangeNetworkSettings, state: NetworkSettings): NetworkSettingsEvent[] => {
  const { settings, changed } = applySettingsChanges(state, command.changes);
  return changed.map(({ tab, fields }) => tabEvent(tab, command.network_id, settings, fields));
};

export const evolveNetworkSettings = (state: NetworkSettings, event: NetworkSettingsEvent): NetworkSettings => {
  switch (event.type) {
    case 'NetworkBasicSettingsChanged':
      return { ...state, basic: event.data.basic };
    case 'NetworkJoinSettingsChanged':
      return { ...state, join: event.data.join };
    case 'NetworkMemberSettingsChanged':
      // the network location's coordinates (the map's centre) came later: a tab saved before has none
      return { ...state, member: { ...event.data.member, network_location: { lat: null, lng: null, ...event.data.member.network_location } } };
    case 'NetworkMailSettingsChanged':
      return { ...state, mail: event.data.mail };
    default:
      // other events of the network stream do not change its settings
      return state;
  }
};

export const networkSettingsDecider: Decider<NetworkSettings, ChangeNetworkSettings, NetworkSettingsEvent> = {
  initialState: () => DEFAULT_NETWORK_SETTINGS,
  evolve: evolveNetworkSettings,
  snapshot: { name: 'network-settings', version: 2, everyEvents: 200 },
  decide: (command, state) => {
    switch (command.type) {
      case 'ChangeNetworkSettings':
        return decideSettingsChange(command, state);
      default: {
        const unexpected: never = command.type;
        throw new Error(`unknown command ${String(unexpected)}`);
      }
    }
  },
};
