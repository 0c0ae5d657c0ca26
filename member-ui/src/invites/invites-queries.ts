import type { INVITE_TABS, InvitesResponse, ParticipationsResponse } from '@cn/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appointmentsKeys } from '../appointments/appointments-queries';
import { useSession } from '../session/SessionContext';
import { invitesApi } from './invites-api';
import { isParticipationTab, rowOfInvite, rowOfParticipation, type InviteRow } from './invite-rows';

export type InviteTab = (typeof INVITE_TABS)[number];
export type InvitesPage = { rows: InviteRow[]; next: string | null; openCount: number | null };

/** Query keys of the invites page: appointment invites, so they sit under the appointments' keys and follow their writes. */
export const invitesKeys = {
  all: [...appointmentsKeys.all, 'invites'] as const,
  tabs: () => [...invitesKeys.all, 'tab'] as const,
  tab: (tab: InviteTab) => [...invitesKeys.tabs(), tab] as const,
  openCount: () => [...invitesKeys.all, 'open-count'] as const,
};

const inviteRows = (response: InvitesResponse): InvitesPage => ({ rows: response.invites.map(rowOfInvite), next: response.next, openCount: response.open_count });
const participationRows = (response: ParticipationsResponse): InvitesPage => ({
  rows: response.participations.map(rowOfParticipation),
  next: response.next,
  openCount: null,
});

/** One tab, page by page ('load more' follows the `next` URL the server answered). */
export const useInvitesTab = (tab: InviteTab) => {
  const { api } = useSession();
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: invitesKeys.tab(tab),
    initialPageParam: null as string | null,
    getNextPageParam: (last: InvitesPage) => last.next,
    queryFn: async ({ pageParam }) => {
      const calls = invitesApi(api);
      const page = isParticipationTab(tab)
        ? participationRows(await (pageParam ? calls.nextParticipations(pageParam) : calls.participations(tab)))
        : inviteRows(await (pageParam ? calls.next(pageParam) : calls.list(tab)));
      // every invites answer counts the open invites: the tab badge takes it from there
      if (page.openCount !== null) client.setQueryData(invitesKeys.openCount(), page.openCount);
      return page;
    },
  });
};

/**
 * The open tab's badge. Invite tabs bring the count with their rows; a participations tab does not, so
 * the badge asks on its own when none is known yet.
 */
export const useOpenInvitesCount = (tab: InviteTab): number | null => {
  const { api } = useSession();
  const query = useQuery({
    queryKey: invitesKeys.openCount(),
    queryFn: () => invitesApi(api).openCount(),
    enabled: isParticipationTab(tab),
    staleTime: Infinity,
  });
  return query.data ?? null;
};

/**
 * Accepting or rejecting an invite. The tabs start again from their first page, as when opened: later
 * pages' `next` URLs no longer fit once an invite left the list.
 */
export const useAnswerInvite = () => {
  const { api } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) => (accept ? invitesApi(api).accept(id) : invitesApi(api).reject(id)),
    onSuccess: () => client.resetQueries({ queryKey: invitesKeys.tabs() }),
  });
};

/** The open invites as the navigation counts them: read once, again whenever appointments change (live). */
export const useOpenInvitesBadge = (): number => {
  const { api } = useSession();
  const query = useQuery({ queryKey: invitesKeys.openCount(), queryFn: () => invitesApi(api).openCount() });
  return query.data ?? 0;
};
