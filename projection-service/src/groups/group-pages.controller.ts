import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import {
  allowedGroupAccess,
  canSeeScope,
  canCreateGroupIn,
  GROUP_DIRECTORY_PAGE_SIZE,
  GROUP_INVITES_LIMIT,
  groupCategoriesResponseSchema,
  groupDetailDtoSchema,
  groupDirectoryResponseSchema,
  groupInvitesResponseSchema,
  groupMemberAbilities,
  groupMembersResponseSchema,
  groupNavigationResponseSchema,
  joinRequestsResponseSchema,
  myGroupsResponseSchema,
  newGroupFormDtoSchema,
  type GroupCategoriesResponse,
  type GroupDetailDto,
  type GroupDetails,
  type GroupDirectoryResponse,
  type GroupInvitesResponse,
  type GroupMembersResponse,
  type GroupNavigationItem,
  type GroupNavigationResponse,
  type JoinRequestsResponse,
  type MyGroupsResponse,
  type NewGroupFormDto,
} from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseWith, type RequestContext } from '@cn/platform';
import { viewerOf } from '../calendars/calendars.read';
import { signedInMember } from '../members/members.read';
import type { MemberDocument } from '../members/members.projection';
import { abilitiesOf, categoryAbilitiesFor, categoryRef, groupFactsOf, groupViewerOf, memberNames, memberSeesGroup, orderedCategories, toGroupDetail, toInviteDto, toListEntry } from './group-views';
import type { GroupDocument } from './groups.projection';
import { findGroupBySlug, groupsCollection, matchesQuery } from './groups.read';

const tags = ['groups'];

export const groupDirectoryQuerySchema = z.object({
  q: z.string().trim().max(100, { message: 'too_long' }).default(''),
  page: z.coerce.number().int().min(1, { message: 'too_small' }).default(1),
  per_page: z.coerce.number().int().min(1, { message: 'too_small' }).max(100, { message: 'too_big' }).default(GROUP_DIRECTORY_PAGE_SIZE),
});
export const groupInvitesQuerySchema = z.object({
  status: z.enum(['open', 'all']).default('open'),
  limit: z.coerce.number().int().min(1, { message: 'too_small' }).max(200, { message: 'too_big' }).default(GROUP_INVITES_LIMIT),
});
export const newGroupQuerySchema = z.object({ group_category_slug: z.string().trim().min(1, { message: 'required' }) });

const byName = (a: GroupDocument, b: GroupDocument): number => a.name.localeCompare(b.name) || a._id.localeCompare(b._id);

const emptyDetails = (categoryId: string): GroupDetails => ({
  name: '',
  teaser: '',
  description: '',
  group_category_id: categoryId,
  access: 'open',
  moderated_join: false,
  members_can_invite: false,
  externally_visible: false,
  sensitive: false,
  active_main_group: false,
  chat: 'disabled',
});

/**
 * The groups module's pages: a group with its abilities, the new-group form, the directory tabs, the
 * navigation's groups, members, join requests and invites. A hidden group is not found by anyone who may
 * not see it (404), in every list as on its pages.
 */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class GroupPagesController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  private async visibleGroup(slug: string, member: MemberDocument): Promise<GroupDocument> {
    const group = await findGroupBySlug(this.documentStore, slug);
    if (!group || !memberSeesGroup(group, member)) throw new HttpProblem(404, 'not_found');
    return group;
  }

  @Get('api/v1/groups/new')
  @Endpoint({
    summary: 'What the new-group form of a category offers: the access choices and whether the member may create a group there',
    tags,
    query: newGroupQuerySchema,
    responses: { 200: { description: 'NewGroupFormDto', schema: newGroupFormDtoSchema }, 400: 'group_category_slug required', 401: 'signed out', 404: 'unknown category' },
    auth: 'member',
  })
  async newGroup(@Ctx() ctx: RequestContext, @Query() raw: Record<string, unknown>): Promise<NewGroupFormDto> {
    const member = await signedInMember(this.documentStore, ctx);
    const query = parseWith(newGroupQuerySchema, raw);
    const category = (await orderedCategories(this.documentStore)).find((candidate) => candidate._id === query.group_category_slug);
    if (!category) throw new HttpProblem(404, 'not_found');
    return {
      category: categoryRef(category),
      allowed_access: allowedGroupAccess(emptyDetails(category.category_id), null, member.roles),
      can: { create: canCreateGroupIn(category, member.roles), create_hidden: member.roles.network_admin, set_sensitive: member.roles.network_admin },
    };
  }

  @Get('api/v1/my_groups')
  @Endpoint({
    summary: "The signed-in member's groups for the navigation: favourites first, then by name",
    tags,
    responses: { 200: { description: 'MyGroupsResponse', schema: myGroupsResponseSchema }, 401: 'signed out' },
    auth: 'member',
  })
  async myGroups(@Ctx() ctx: RequestContext): Promise<MyGroupsResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const groups = await groupsCollection(this.documentStore).find({ member_ids: { $contains: member._id } });
    const favorite = (group: GroupDocument): number => (group.favorite_ids.includes(member._id) ? 0 : 1);
    return {
      groups: groups
        .sort((a, b) => favorite(a) - favorite(b) || byName(a, b))
        .map((group) => ({ id: group._id, slug: group.slug, name: group.name, favorited: favorite(group) === 0, archived: group.archived })),
    };
  }

  @Get('api/v1/group_categories')
  @Endpoint({
    summary: 'Group categories in their order (one directory tab each) with the groups the member sees; a category without groups the member sees, that they may neither create in nor administrate, is left out',
    tags,
    responses: { 200: { description: 'GroupCategoriesResponse', schema: groupCategoriesResponseSchema }, 401: 'signed out' },
    auth: 'member',
  })
  async categories(@Ctx() ctx: RequestContext): Promise<GroupCategoriesResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const [categories, groups] = await Promise.all([orderedCategories(this.documentStore), groupsCollection(this.documentStore).find()]);
    const seen = groups.filter((group) => memberSeesGroup(group, member));
    return {
      group_categories: categories.flatMap((category, order) => {
        const count = seen.filter((group) => group.group_category_id === category.category_id).length;
        const create = canCreateGroupIn(category, member.roles);
        const { administrate } = categoryAbilitiesFor(category, member);
        if (count === 0 && !create && !administrate) return [];
        return [{ ...categoryRef(category), order, members_can_create: category.members_can_create, group_count: count, can: { create, administrate } }];
      }),
    };
  }

  @Get('api/v1/group_directory/:categorySlug')
  @Endpoint({
    summary: 'A directory tab: the groups of a category the member sees, by name, with badges, counts, teaser and membership',
    tags,
    query: groupDirectoryQuerySchema,
    responses: { 200: { description: 'GroupDirectoryResponse', schema: groupDirectoryResponseSchema }, 400: 'bad q or page', 401: 'signed out', 404: 'unknown category' },
    auth: 'member',
  })
  async directory(@Ctx() ctx: RequestContext, @Param('categorySlug') slug: string, @Query() raw: Record<string, unknown>): Promise<GroupDirectoryResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const query = parseWith(groupDirectoryQuerySchema, raw);
    const category = (await orderedCategories(this.documentStore)).find((candidate) => candidate._id === slug);
    if (!category) throw new HttpProblem(404, 'not_found');
    const groups = (await groupsCollection(this.documentStore).find({ group_category_id: category.category_id }))
      .filter((group) => memberSeesGroup(group, member) && matchesQuery(query.q, group.name, group.teaser))
      .sort(byName);
    const start = (query.page - 1) * query.per_page;
    return {
      category: categoryRef(category),
      entries: groups.slice(start, start + query.per_page).map((group) => toListEntry(group, member)),
      page: query.page,
      per_page: query.per_page,
      total: groups.length,
      total_pages: Math.max(1, Math.ceil(groups.length / query.per_page)),
    };
  }

  @Get('api/v1/group_invites')
  @Endpoint({
    summary: 'Group invites to the signed-in member (open, or all), newest first, with the open count',
    tags,
    query: groupInvitesQuerySchema,
    responses: { 200: { description: 'GroupInvitesResponse', schema: groupInvitesResponseSchema }, 400: 'bad status or limit', 401: 'signed out' },
    auth: 'member',
  })
  async invites(@Ctx() ctx: RequestContext, @Query() raw: Record<string, unknown>): Promise<GroupInvitesResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const query = parseWith(groupInvitesQuerySchema, raw);
    const groups = await groupsCollection(this.documentStore).find();
    const mine = groups.flatMap((group) => group.invites.filter((invite) => invite.member_id === member._id).map((invite) => ({ group, invite })));
    const shown = mine.filter(({ invite }) => query.status === 'all' || invite.status === 'open').sort((a, b) => b.invite.created_at.localeCompare(a.invite.created_at));
    const names = await memberNames(this.documentStore, shown.flatMap(({ invite }) => [invite.author_id, invite.member_id]));
    return {
      invites: shown.slice(0, query.limit).map(({ group, invite }) => toInviteDto(group, invite, names)),
      open_count: mine.filter(({ invite }) => invite.status === 'open').length,
    };
  }

  @Get('api/v1/group_invites/sent')
  @Endpoint({
    summary: "Invites the member sent, and every invite of the groups they moderate (/invites/sent), newest first",
    tags,
    query: groupInvitesQuerySchema,
    responses: { 200: { description: 'GroupInvitesResponse', schema: groupInvitesResponseSchema }, 400: 'bad status or limit', 401: 'signed out' },
    auth: 'member',
  })
  async sentInvites(@Ctx() ctx: RequestContext, @Query() raw: Record<string, unknown>): Promise<GroupInvitesResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const query = parseWith(groupInvitesQuerySchema, raw);
    const groups = await groupsCollection(this.documentStore).find();
    const sent = groups.flatMap((group) => {
      const moderates = abilitiesOf(group, member).moderate;
      return group.invites.filter((invite) => moderates || invite.author_id === member._id).map((invite) => ({ group, invite }));
    });
    const shown = sent.filter(({ invite }) => query.status === 'all' || invite.status === 'open').sort((a, b) => b.invite.created_at.localeCompare(a.invite.created_at));
    const names = await memberNames(this.documentStore, shown.flatMap(({ invite }) => [invite.author_id, invite.member_id]));
    return {
      invites: shown.slice(0, query.limit).map(({ group, invite }) => toInviteDto(group, invite, names)),
      open_count: sent.filter(({ invite }) => invite.status === 'open').length,
    };
  }

  @Get('api/v1/groups/:slug')
  @Endpoint({
    summary: 'A group with the membership of the signed-in member, favourite, subscription and abilities (can.*)',
    tags,
    responses: { 200: { description: 'GroupDetailDto', schema: groupDetailDtoSchema }, 401: 'signed out', 404: 'unknown group, or hidden from the member' },
    auth: 'member',
  })
  async group(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<GroupDetailDto> {
    const member = await signedInMember(this.documentStore, ctx);
    return toGroupDetail(this.documentStore, await this.visibleGroup(slug, member), member);
  }

  @Get('groups/:slug/members')
  @Endpoint({
    summary: "A group's members by name, admins marked, with the viewer's admin actions on each (can.make_admin, can.remove_admin)",
    tags,
    responses: { 200: { description: 'GroupMembersResponse', schema: groupMembersResponseSchema }, 401: 'signed out', 404: 'unknown group, or hidden from the member' },
    auth: 'member',
  })
  async members(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<GroupMembersResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const group = await this.visibleGroup(slug, member);
    const names = await memberNames(this.documentStore, group.member_ids);
    const facts = groupFactsOf(group);
    const viewer = groupViewerOf(group, member);
    return {
      members: group.member_ids
        .map((id) => {
          const admin = group.admin_ids.includes(id);
          return { id, name: names.get(id) ?? '', path: `/members/${id}`, admin, can: groupMemberAbilities(facts, viewer, { admin }) };
        })
        .sort((a, b) => Number(b.admin) - Number(a.admin) || a.name.localeCompare(b.name)),
    };
  }

  @Get('groups/:slug/navigation')
  @Endpoint({
    summary: "A group's navigation: the pages that exist (start, members, calendars and files for its members; administration for its admins)",
    tags,
    responses: { 200: { description: 'GroupNavigationResponse', schema: groupNavigationResponseSchema }, 401: 'signed out', 404: 'unknown group, or hidden from the member' },
    auth: 'member',
  })
  async navigation(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<GroupNavigationResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const group = await this.visibleGroup(slug, member);
    const can = abilitiesOf(group, member);
    const isMember = group.member_ids.includes(member._id) || member.roles.network_admin;
    const item = (id: GroupNavigationItem['id'], text: string, link: string): GroupNavigationItem => ({ id, text, link, public: false, new_window: false, navigation_items: [] });
    const base = `/groups/${group.slug}`;
    return {
      navigation_items: [
        item('start', 'start', base),
        item('members', 'members', `${base}/members`),
        // group calendars show to the group's members (and network admins), as the calendars module decides
        ...(isMember ? [item('calendars', 'calendars', `${base}/calendars`)] : []),
        // a group's files exist only for its members (canSeeScope of the files module): network admins outside it get 404 there
        ...(canSeeScope({ type: 'group', group_id: group._id }, await viewerOf(this.documentStore, member)) ? [item('files', 'files', `${base}/files`)] : []),
        ...(can.moderate || can.archive ? [item('administration', 'administration', `${base}/administration`)] : []),
      ],
    };
  }

  @Get('groups/:slug/administration/join_requests')
  @Endpoint({
    summary: "A group's join requests (pending first) for its admins",
    tags,
    responses: { 200: { description: 'JoinRequestsResponse', schema: joinRequestsResponseSchema }, 401: 'signed out', 403: 'not an admin of the group', 404: 'unknown group, or hidden from the member' },
    auth: 'member',
  })
  async joinRequests(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<JoinRequestsResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const group = await this.visibleGroup(slug, member);
    if (!abilitiesOf(group, member).moderate && !abilitiesOf(group, member).archive) throw new HttpProblem(403, 'forbidden');
    const entries = Object.entries(group.requests);
    const names = await memberNames(this.documentStore, entries.map(([id]) => id));
    return {
      join_requests: entries
        .sort(([, a], [, b]) => Number(a.status === 'rejected') - Number(b.status === 'rejected') || a.requested_at.localeCompare(b.requested_at))
        .map(([id, request]) => ({ member: { id, name: names.get(id) ?? '', path: `/members/${id}` }, status: request.status, rejection_message: request.rejection_message })),
    };
  }
}
