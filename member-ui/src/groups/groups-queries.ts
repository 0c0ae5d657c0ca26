import { GROUP_CATEGORIES_COLLECTION, GROUPS_COLLECTION, STATISTICS_COLLECTION } from '@cn/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { groupsApi } from './groups-api';

/** Query keys of the groups module: everything under one key, so any group change reads the module again. */
export const groupsKeys = {
  all: ['groups'] as const,
  group: (slug: string) => [...groupsKeys.all, 'group', slug] as const,
  newGroup: (categorySlug: string) => [...groupsKeys.all, 'new', categorySlug] as const,
  mine: () => [...groupsKeys.all, 'mine'] as const,
  categories: () => [...groupsKeys.all, 'categories'] as const,
  directory: (categorySlug: string, query: { q: string; page: number }) => [...groupsKeys.all, 'directory', categorySlug, query] as const,
  members: (slug: string) => [...groupsKeys.all, 'members', slug] as const,
  navigation: (slug: string) => [...groupsKeys.all, 'navigation', slug] as const,
  joinRequests: (slug: string) => [...groupsKeys.all, 'join-requests', slug] as const,
  /** under the groups' key: a group change (a member joins or leaves) reads the open statistics again */
  allStatistics: () => [...groupsKeys.all, 'statistics'] as const,
  statistics: (slug: string, from: string, to: string) => [...groupsKeys.allStatistics(), slug, from, to] as const,
  invites: () => [...groupsKeys.all, 'invites'] as const,
  sentInvites: () => [...groupsKeys.all, 'sent-invites'] as const,
};

const useApi = () => groupsApi(useSession().api);

export const useGroup = (slug: string) => {
  const api = useApi();
  return useQuery({ queryKey: groupsKeys.group(slug), queryFn: () => api.group(slug) });
};
export const useNewGroupForm = (categorySlug: string) => {
  const api = useApi();
  return useQuery({ queryKey: groupsKeys.newGroup(categorySlug), queryFn: () => api.newGroup(categorySlug) });
};
export const useMyGroups = () => {
  const api = useApi();
  return useQuery({ queryKey: groupsKeys.mine(), queryFn: () => api.myGroups() });
};
export const useGroupCategories = () => {
  const api = useApi();
  return useQuery({ queryKey: groupsKeys.categories(), queryFn: () => api.categories() });
};
export const useGroupDirectory = (categorySlug: string, query: { q: string; page: number }) => {
  const api = useApi();
  return useQuery({ queryKey: groupsKeys.directory(categorySlug, query), queryFn: () => api.directory(categorySlug, query), placeholderData: keepPreviousData });
};
export const useGroupMembers = (slug: string) => {
  const api = useApi();
  return useQuery({ queryKey: groupsKeys.members(slug), queryFn: () => api.members(slug) });
};
export const useGroupNavigation = (slug: string) => {
  const api = useApi();
  return useQuery({ queryKey: groupsKeys.navigation(slug), queryFn: () => api.navigation(slug) });
};
export const useJoinRequests = (slug: string, enabled: boolean) => {
  const api = useApi();
  return useQuery({ queryKey: groupsKeys.joinRequests(slug), queryFn: () => api.joinRequests(slug), enabled });
};
export const useGroupInvites = (sent: boolean) => {
  const api = useApi();
  return useQuery({ queryKey: sent ? groupsKeys.sentInvites() : groupsKeys.invites(), queryFn: () => (sent ? api.sentInvites() : api.invites()) });
};

/** A command of the groups module: the module's queries read again once it is accepted. */
export const useGroupCommand = <TVariables, TResult>(run: (api: ReturnType<typeof groupsApi>, variables: TVariables) => Promise<TResult>) => {
  const api = useApi();
  return useCommand<TVariables, TResult>((variables) => run(api, variables), [groupsKeys.all]);
};

/** the query client, for pages that leave a group they can no longer see (deleted) */
export const useForgetGroup = () => {
  const client = useQueryClient();
  return (slug: string) => client.removeQueries({ queryKey: groupsKeys.group(slug) });
};

/**
 * A pushed group change (membership, settings, a request, an invite) reads the module's queries again: the
 * navigation's groups, the directory tabs and the open group page follow without a reload. So does a
 * category's change: its administrators administrate (and see) its groups, so the flags may have changed.
 */
export const groupsLive: LiveRoute = (message, client) => {
  const collection = baseName(message.collection);
  if (collection === GROUPS_COLLECTION || collection === GROUP_CATEGORIES_COLLECTION) void client.invalidateQueries({ queryKey: groupsKeys.all });
  // a group's day changed (activity, actions, active members): its open statistics read again
  else if (collection === STATISTICS_COLLECTION) void client.invalidateQueries({ queryKey: groupsKeys.allStatistics() });
};
