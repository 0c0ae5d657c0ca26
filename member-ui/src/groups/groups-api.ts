import {
  GROUP_INVITES_LIMIT,
  type CommandAccepted,
  type ProfileImageAnswer,
  type CreateGroupRequest,
  type DirectoryMembersResponse,
  type GroupCategoriesResponse,
  type GroupCreatedAnswer,
  type GroupDetailDto,
  type GroupDirectoryResponse,
  type GroupInvitesResponse,
  type GroupMembersResponse,
  type GroupNavigationResponse,
  type JoinRequestsResponse,
  type MembershipInvitesRequest,
  type MyGroupsResponse,
  type NewGroupFormDto,
  type UpdateGroupRequest,
} from '@cn/contracts';
import type { ApiClient } from '../api/client';

const path = (slug: string): string => encodeURIComponent(slug);

/** The groups module's calls (messages-files-admin-members-groups.md §7, calendars-appointments-search.md §7). */
export const groupsApi = (api: ApiClient) => ({
  group: (slug: string) => api.request<GroupDetailDto>('GET', `/api/v1/groups/${path(slug)}`),
  newGroup: (categorySlug: string) => api.request<NewGroupFormDto>('GET', '/api/v1/groups/new', { query: { group_category_slug: categorySlug } }),
  myGroups: () => api.request<MyGroupsResponse>('GET', '/api/v1/my_groups'),
  categories: () => api.request<GroupCategoriesResponse>('GET', '/api/v1/group_categories'),
  directory: (categorySlug: string, query: { q: string; page: number }) =>
    api.request<GroupDirectoryResponse>('GET', `/api/v1/group_directory/${path(categorySlug)}`, { query }),
  members: (slug: string) => api.request<GroupMembersResponse>('GET', `/groups/${path(slug)}/members`),
  navigation: (slug: string) => api.request<GroupNavigationResponse>('GET', `/groups/${path(slug)}/navigation`),
  joinRequests: (slug: string) => api.request<JoinRequestsResponse>('GET', `/groups/${path(slug)}/administration/join_requests`),
  invites: () => api.request<GroupInvitesResponse>('GET', '/api/v1/group_invites', { query: { status: 'open', limit: GROUP_INVITES_LIMIT } }),
  sentInvites: () => api.request<GroupInvitesResponse>('GET', '/api/v1/group_invites/sent', { query: { status: 'all', limit: GROUP_INVITES_LIMIT } }),
  searchMembers: (q: string) => api.request<DirectoryMembersResponse>('GET', '/directory/members', { query: { q, per_page: 10 } }),

  create: (request: CreateGroupRequest) => api.request<GroupCreatedAnswer>('POST', '/groups', { body: request }),
  update: (slug: string, request: UpdateGroupRequest) => api.request<CommandAccepted>('PUT', `/groups/${path(slug)}`, { body: request }),
  archive: (slug: string, archived: boolean) => api.request<CommandAccepted>(archived ? 'PUT' : 'DELETE', `/groups/${path(slug)}/archive`),
  setImage: (slug: string, file: File | null) => {
    if (!file) return api.request<ProfileImageAnswer>('DELETE', `/groups/${path(slug)}/image`);
    const form = new FormData();
    form.append('file', file, file.name);
    return api.request<ProfileImageAnswer>('PUT', `/groups/${path(slug)}/image`, { body: form });
  },
  destroy: (slug: string) => api.request<CommandAccepted>('DELETE', `/groups/${path(slug)}`),
  join: (slug: string) => api.request<CommandAccepted>('POST', `/api/v1/groups/${path(slug)}/join`),
  leave: (slug: string) => api.request<CommandAccepted>('DELETE', `/groups/${path(slug)}/join`),
  favorite: (slug: string, favorited: boolean) => api.request<CommandAccepted>(favorited ? 'POST' : 'DELETE', `/api/v1/groups/${path(slug)}/favorite`),
  subscribe: (slug: string, subscribed: boolean) => api.request<CommandAccepted>(subscribed ? 'POST' : 'DELETE', `/groups/${path(slug)}/subscribe`),
  acceptRequest: (slug: string, memberId: string) =>
    api.request<CommandAccepted>('POST', `/groups/${path(slug)}/administration/join_requests/${encodeURIComponent(memberId)}/accept`),
  rejectRequest: (slug: string, memberId: string, message: string) =>
    api.request<CommandAccepted>('POST', `/groups/${path(slug)}/administration/join_requests/${encodeURIComponent(memberId)}/reject`, { body: { rejection_message: message } }),
  setAdmin: (slug: string, memberId: string, admin: boolean) =>
    api.request<CommandAccepted>(admin ? 'PUT' : 'DELETE', `/groups/${path(slug)}/administration/admins/${encodeURIComponent(memberId)}`),
  invite: (slug: string, request: MembershipInvitesRequest) => api.request<CommandAccepted>('POST', `/groups/${path(slug)}/membership_invites`, { body: request }),
  answerInvite: (id: string, accept: boolean) => api.request<CommandAccepted>('POST', `/api/v1/group_invites/${encodeURIComponent(id)}/${accept ? 'accept' : 'decline'}`),
  batchInvites: (action: 'revoke' | 'renew', inviteIds: string[]) =>
    api.request<CommandAccepted>('POST', `/batch_invites/${action}`, { body: { invite_ids: inviteIds } }),
});
