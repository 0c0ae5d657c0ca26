import { DEFAULT_FILE_SETTINGS, type FileSettings, type FileSettingsEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export type FileSettingsCommand = { type: 'ChangeFileSettings'; settings: FileSettings; network_admin: boolean };

/** The files area's settings: the extension filter and the default lock period (network admins). */
export const fileSettingsDecider: Decider<FileSettings, FileSettingsCommand, FileSettingsEvent> = {
  initialState: () => DEFAULT_FILE_SETTINGS,
  evolve: (_state, event) => ({
    extension_filter: { ...event.data.extension_filter, list: [...event.data.extension_filter.list] },
    lock_period_days: event.data.lock_period_days,
    profiles_enabled: event.data.profiles_enabled ?? false,
  }),
  decide: (command, state) => {
    if (!command.network_admin) throw new DomainError('forbidden', 'forbidden');
    const next = { ...command.settings, extension_filter: { ...command.settings.extension_filter, list: command.settings.extension_filter.list.map((entry) => entry.toLowerCase()) } };
    return JSON.stringify(next) === JSON.stringify(state) ? [] : [{ type: 'FileSettingsChanged', data: next }];
  },
};
