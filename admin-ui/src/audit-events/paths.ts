/** The settings history is the audit list fixed to the network's stream, on its own route. */
export const SETTINGS_HISTORY_PATH = '/settings-history';

/** The history's integrity (the hash chain walked, its head or first break). */
export const INTEGRITY_PATH = '/integrity';

/** One entity's history with the fields each event changed (`?stream=`). */
export const ENTITY_HISTORY_PATH = '/entity-history';

/** Each read model's position, lag and rate. */
export const PROJECTIONS_PATH = '/projections';

export const AUDIT_EVENTS_API = '/api/v1/audit/events';
export const AUDIT_EXPORT_API = '/api/v1/audit/export';

export const entityHistoryPath = (stream: string): string => `${ENTITY_HISTORY_PATH}?${new URLSearchParams({ stream }).toString()}`;

/** the audit list filtered as given (react-admin keeps the filter in the address) */
export const auditListPath = (filter: Record<string, string>): string =>
  `/audit-events?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;
