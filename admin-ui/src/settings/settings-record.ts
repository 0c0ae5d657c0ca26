import type { NetworkSettings } from '@cn/contracts';

// zod-free (type imports only): the console's shell (the app bar) reads the settings record by this id,
// and the contracts' settings module would bring zod and every settings schema into its chunk.

/** The record react-admin edits: the settings under the fixed id of the one network. */
export type SettingsRecord = NetworkSettings & { id: string };
export const SETTINGS_RECORD_ID = 'network';
