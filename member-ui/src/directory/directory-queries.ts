import { MEMBERS_TOPIC, type DirectoryMembersResponse } from '@cn/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { withStatus } from '../presence/presence-rules';
import { memberProfileChangeOf, presenceChangeOf, withProfile } from '../realtime/changes';
import { useLiveTopic, type LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { directoryApi } from './directory-api';

/** Query keys of the directory. */
export const directoryKeys = {
  all: ['directory'] as const,
  members: (query: { q: string; page: number }) => [...directoryKeys.all, 'members', query] as const,
};

/** One page of a directory search; the page shown stays while the next search answers. */
export const useDirectoryMembers = (query: { q: string; page: number }) => {
  const { api } = useSession();
  // the members' presence and names are pushed only to consoles whose pages show members
  useLiveTopic(MEMBERS_TOPIC);
  return useQuery({ queryKey: directoryKeys.members(query), queryFn: () => directoryApi(api).members(query), placeholderData: keepPreviousData });
};

/**
 * A member's pushed presence and names are written into the pages that list them. Presence changes
 * often and the push carries the new status and names, so the search is not asked again for each one.
 */
export const directoryLive: LiveRoute = (message, client) => {
  const change = presenceChangeOf(message);
  if (!change) return;
  const profile = memberProfileChangeOf(message);
  client.setQueriesData<DirectoryMembersResponse>({ queryKey: directoryKeys.all }, (page) =>
    page?.entries.some((entry) => entry.id === change.memberId)
      ? {
          ...page,
          entries: page.entries.map((entry) => {
            if (entry.id !== change.memberId) return entry;
            const withPresence = withStatus(entry, change.status);
            return profile ? withProfile(withPresence, profile.patch) : withPresence;
          }),
        }
      : page,
  );
};
