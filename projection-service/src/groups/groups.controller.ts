import { Controller, Get, Inject, Param, UseInterceptors } from '@nestjs/common';
import { canCreateCalendar, type GroupDto } from '@cn/contracts';
import {
  ConsistencyInterceptor,
  Ctx,
  HttpProblem,
  INFRASTRUCTURE,
  openApi,
  requireMember,
  type Infrastructure,
  type RequestContext,
} from '@cn/platform';
import { viewerOf } from '../calendars/calendars.read';
import { loadActiveMember } from '../members/members.read';
import { findGroupBySlug } from './groups.read';

openApi.route({
  method: 'get',
  path: '/groups/{slug}',
  summary: 'A group (minimal: name, access, abilities for calendars)',
  tags: ['groups'],
  responses: { 200: 'GroupDto', 401: 'signed out', 404: 'unknown group, or hidden from the member' },
  auth: 'member',
});

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class GroupsController {
  constructor(@Inject(INFRASTRUCTURE) private readonly infra: Infrastructure) {}

  @Get('groups/:slug')
  async group(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<GroupDto> {
    const store = this.infra.documentStore;
    const member = await loadActiveMember(store, requireMember(ctx));
    if (!member) throw new HttpProblem(401, 'unauthenticated');
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
      favorited: false,
      subscription_status: 'unsubscribed',
      can: {
        leave: isMember,
        create_appointments: (isMember && !viewer.external) || viewer.network_admin,
        create_calendars: canCreateCalendar('group', group._id, viewer),
      },
    };
  }
}
