import type { CalendarTokenIssued, CommandAccepted, CreateCalendarRequest, UpdateCalendarRequest } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { calendarsApi } from './calendars-api';

/** Query keys of the calendar screens. */
export const calendarsKeys = {
  all: ['calendars'] as const,
  /** the member's calendars, or a group's */
  list: (groupSlug?: string) => [...calendarsKeys.all, 'list', groupSlug ?? null] as const,
  detail: (id: string) => [...calendarsKeys.all, 'detail', id] as const,
  subscriptions: () => [...calendarsKeys.all, 'subscriptions'] as const,
};

export const useCalendars = (groupSlug?: string) => {
  const { api } = useSession();
  return useQuery({
    queryKey: calendarsKeys.list(groupSlug),
    queryFn: async () => {
      const calls = calendarsApi(api);
      return (await (groupSlug ? calls.ofGroup(groupSlug) : calls.list())).calendars;
    },
  });
};

export const useCalendar = (id: string | undefined) => {
  const { api } = useSession();
  return useQuery({ queryKey: calendarsKeys.detail(id ?? ''), queryFn: () => calendarsApi(api).get(id ?? ''), enabled: Boolean(id) });
};

export const useCalendarSubscriptions = () => {
  const { api } = useSession();
  return useQuery({ queryKey: calendarsKeys.subscriptions(), queryFn: () => calendarsApi(api).subscriptions() });
};

const affects = [calendarsKeys.all];

/** Creating a calendar (`id` null) or renaming and recolouring one. */
export const useSaveCalendar = () => {
  const { api } = useSession();
  return useCommand(
    (save: { id: string; request: UpdateCalendarRequest } | { id: null; request: CreateCalendarRequest }) =>
      save.id === null ? calendarsApi(api).create(save.request) : calendarsApi(api).update(save.id, save.request),
    affects,
  );
};

export const useCalendarCommands = () => {
  const { api } = useSession();
  const calls = calendarsApi(api);
  return {
    destroy: useCommand((id: string) => calls.destroy(id), affects),
    removeShare: useCommand((id: string) => calls.removeShare(id), affects),
  };
};

/** The webcal token: issuing answers the token once (the read side keeps only its hash), revoking ends it. */
export const useCalendarTokenCommands = () => {
  const { api } = useSession();
  return {
    issue: useCommand(() => api.request<CalendarTokenIssued>('POST', '/users/calendar_token'), [calendarsKeys.subscriptions()]),
    revoke: useCommand(() => api.request<CommandAccepted>('DELETE', '/users/calendar_token'), [calendarsKeys.subscriptions()]),
  };
};

/** A pushed calendar change reads the calendar screens again. */
export const calendarsLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) === 'calendars') void client.invalidateQueries({ queryKey: calendarsKeys.all });
};
