/** The settings history is the audit list fixed to the network's stream, on its own route. */
export const SETTINGS_HISTORY_PATH = '/settings-history';

/** The history's integrity (the hash chain walked, its head or first break). */
export const INTEGRITY_PATH = '/integrity';
