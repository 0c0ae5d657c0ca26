import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import { GROUP_OPTIONS_LIMIT, GROUP_OPTIONS_LIMIT_MAX, canCreateCalendar, groupOptionsResponseSchema, membershipRoleOptionsResponseSchema, groupDtoSchema, type GroupDto, type GroupOptionsResponse, type MembershipRoleOptionsResponse } from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseWith, type RequestContext } from '@cn/platform';
import { viewerOf } from '../calendars/calendars.read';
import { signedInMember } from '../members/members.read';
import type { MemberDocument } from '../members/members.projection';
import { abilitiesOf } from './group-views';
import { findGroupBySlug, visibleGroupsMatching, visibleRolesMatching } from './groups.read';

/** the pickers' search: words that must all occur in the name (empty: the first ones by name) */
export const groupOptionsQuerySchema = z.object({
  q: z.string().trim().max(100, { message: 'too_long' }).default(''),
  limit: z.coerce.number().int().min(1, { message: 'too_small' }).max(GROUP_OPTIONS_LIMIT_MAX, { message: 'too_big' }).default(GROUP_OPTIONS_LIMIT),
});



@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class GroupsController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  /** Group and role lists are for those who may invite them: external members are refused. */
  private async picker(ctx: RequestContext): Promise<MemberDocument> {
    const member = await signedInMember(this.documentStore, ctx);
    if (member.roles.external) throw new HttpProblem(403, 'forbidden');
    return member;
  }

  @Get('groups')
  @Endpoint({
    summary: 'Groups the member may see whose name matches q, with member counts (the participant picker)',
    tags: ['groups'],
    query: groupOptionsQuerySchema,
    responses: { 200: { description: 'GroupOptionsResponse', schema: groupOptionsResponseSchema }, 400: 'q too long or bad limit', 401: 'signed out', 403: 'external members' },
    auth: 'member',
  })
  async groups(@Ctx() ctx: RequestContext, @Query() raw: Record<string, unknown>): Promise<GroupOptionsResponse> {
    const member = await this.picker(ctx);
    const query = parseWith(groupOptionsQuerySchema, raw);
    const viewer = { member_id: member._id, network_admin: member.roles.network_admin };
    const groups = await visibleGroupsMatching(this.documentStore, viewer, query.q, query.limit);
    return {
      groups: groups.map((group) => ({ id: group._id, slug: group.slug, name: group.name, access: group.access, member_count: group.member_ids.length })),
    };
  }

  @Get('membership_roles')
  @Endpoint({
    summary: 'Membership roles the member may see (network-wide, or of a group they may see) whose name matches q, with member counts',
    tags: ['groups'],
    query: groupOptionsQuerySchema,
    responses: { 200: { description: 'MembershipRoleOptionsResponse', schema: membershipRoleOptionsResponseSchema }, 400: 'q too long or bad limit', 401: 'signed out', 403: 'external members' },
    auth: 'member',
  })
  async membershipRoles(@Ctx() ctx: RequestContext, @Query() raw: Record<string, unknown>): Promise<MembershipRoleOptionsResponse> {
    const member = await this.picker(ctx);
    const query = parseWith(groupOptionsQuerySchema, raw);
    const viewer = { member_id: member._id, network_admin: member.roles.network_admin };
    const roles = await visibleRolesMatching(this.documentStore, viewer, query.q, query.limit);
    return {
      membership_roles: roles.map(({ role, group }) => ({
        id: role._id,
        name: role.name,
        plural_name: role.plural_name,
        group: group ? { id: group._id, name: group.name } : null,
        member_count: role.member_ids.length,
      })),
    };
  }

  @Get('groups/:slug')
  @Endpoint({
    summary: 'A group (minimal: name, access, abilities for calendars)',
    tags: ['groups'],
    responses: { 200: { description: 'GroupDto', schema: groupDtoSchema }, 401: 'signed out', 404: 'unknown group, or hidden from the member' },
    auth: 'member',
  })
  async group(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<GroupDto> {
    const store = this.documentStore;
    const member = await signedInMember(store, ctx);
    const group = await findGroupBySlug(store, slug);
    const viewer = await viewerOf(store, member);
    const isMember = group !== null && viewer.group_ids.includes(group._id);
    // a hidden group does not exist for those outside it
    if (!group || (group.access === 'hidden' && !isMember && !viewer.network_admin)) throw new HttpProblem(404, 'not_found');
    return {
      id: group._id,
      slug: group.slug,
      name: group.name,
      access: group.access,
      group_category_id: group.group_category_id,
      favorited: group.favorite_ids.includes(member._id),
      subscription_status: group.subscriber_ids.includes(member._id) ? 'subscribed' : 'unsubscribed',
      can: {
        leave: abilitiesOf(group, member).leave,
        create_appointments: (isMember && !viewer.external) || viewer.network_admin,
        create_calendars: canCreateCalendar('group', group._id, viewer),
      },
    };
  }
}
