import { Controller, Get, Inject, Param, UseInterceptors } from '@nestjs/common';
import {
  DASHBOARD_WIDGETBAR_SLUG,
  NETWORK_WIDGETBAR_SCOPE,
  widgetBarCalendarsResponseSchema,
  widgetBarListResponseSchema,
  widgetBarResponseSchema,
  widgetBarSlugSchema,
  type ResolvedWidgetBarResponse,
  type WidgetBarCalendarsResponse,
  type WidgetBarListResponse,
  type WidgetBarResponse,
} from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, type FeedReader, type RequestContext } from '@cn/platform';
import { calendarsCollection } from '../calendars/calendars.read';
import { administeredGroup } from '../groups/group-views';
import { canSeeGroup, groupsCollection } from '../groups/groups.read';
import type { GroupDocument } from '../groups/groups.projection';
import type { MemberDocument } from '../members/members.projection';
import { signedInMember } from '../members/members.read';
import type { WidgetBarDocument } from './widgetbars.projection';
import { loadWidgetBar, resolveWidgets, widgetBarsCollection } from './widgetbars.read';

/** the feeds port as this feature's module provides it */
export const WIDGET_FEED_READER = Symbol('WIDGET_FEED_READER');

const tags = ['widgetbars'];
const editorResponses = (description: string) => ({ 401: 'signed out', 403: description, 404: 'not_found' });

const slugOf = (raw: string): string => {
  if (!widgetBarSlugSchema.safeParse(raw).success) throw new HttpProblem(404, 'not_found');
  return raw;
};

const toResponse = (scope: string, slug: string, doc: WidgetBarDocument | null): WidgetBarResponse => ({ scope, slug, widgets: doc?.widgets ?? [], revision: doc?.revision ?? 0 });

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class WidgetBarsController {
  constructor(
    @InjectPort('clock') private readonly clock: () => Date,
    @InjectPort('documentStore') private readonly store: DocumentStore,
    @Inject(WIDGET_FEED_READER) private readonly feeds: FeedReader,
  ) {}

  /** every bar of a scope, the start page's bar always among them (empty until saved) */
  private async list(scope: string): Promise<WidgetBarListResponse> {
    const saved = await widgetBarsCollection(this.store).find({ scope });
    const bars = saved.map((doc) => toResponse(scope, doc.slug, doc));
    if (!bars.some((bar) => bar.slug === DASHBOARD_WIDGETBAR_SLUG)) bars.push(toResponse(scope, DASHBOARD_WIDGETBAR_SLUG, null));
    return { widgetbars: bars.sort((a, b) => a.slug.localeCompare(b.slug)) };
  }

  private async one(scope: string, slug: string): Promise<WidgetBarResponse> {
    const valid = slugOf(slug);
    return toResponse(scope, valid, await loadWidgetBar(this.store, scope, valid));
  }

  /** a group whose bars the member edits: 404 unless they may see it, 403 unless its `can.edit_widgetbars` (the rule the save command refuses by) */
  private async administeredGroup(ctx: RequestContext, groupId: string): Promise<GroupDocument> {
    const member = await signedInMember(this.store, ctx);
    return administeredGroup(await groupsCollection(this.store).get(groupId), member, 'edit_widgetbars');
  }

  private async visibleGroup(member: MemberDocument, groupId: string): Promise<GroupDocument> {
    const group = await groupsCollection(this.store).get(groupId);
    if (!group || !canSeeGroup(group, { member_id: member._id, network_admin: member.roles.network_admin })) throw new HttpProblem(404, 'not_found');
    return group;
  }

  @Get('administration/widgetbars.json')
  @Endpoint({ summary: "The network's widget bars (slug and widgets)", tags, auth: 'admin', responses: { 200: { description: 'WidgetBarListResponse', schema: widgetBarListResponseSchema }, 401: 'signed out', 403: 'not an administrator' } })
  networkList(): Promise<WidgetBarListResponse> {
    return this.list(NETWORK_WIDGETBAR_SCOPE);
  }

  @Get('administration/widgetbars/calendars.json')
  @Endpoint({
    summary: "The calendars a network bar's appointments widget may add",
    tags,
    auth: 'admin',
    responses: { 200: { description: 'WidgetBarCalendarsResponse', schema: widgetBarCalendarsResponseSchema }, 401: 'signed out', 403: 'not an administrator' },
  })
  async networkCalendars(): Promise<WidgetBarCalendarsResponse> {
    const calendars = await calendarsCollection(this.store).find({}, { sort: [['name', 1], ['_id', 1]] });
    return { calendars: calendars.filter((calendar) => calendar.type !== 'personal').map((calendar) => ({ id: calendar._id, name: calendar.name })) };
  }

  @Get('administration/widgetbars/:slug.json')
  @Endpoint({ summary: 'A network widget bar and the revision its editor saves at', tags, auth: 'admin', responses: { 200: { description: 'WidgetBarResponse', schema: widgetBarResponseSchema }, ...editorResponses('not an administrator') } })
  networkBar(@Param('slug') slug: string): Promise<WidgetBarResponse> {
    return this.one(NETWORK_WIDGETBAR_SCOPE, slug);
  }

  @Get('groups/:groupId/administration/widgetbars.json')
  @Endpoint({
    summary: "A group's widget bars (its administrators and network administrators)",
    tags,
    auth: 'member',
    responses: { 200: { description: 'WidgetBarListResponse', schema: widgetBarListResponseSchema }, ...editorResponses('not an administrator of the group') },
  })
  async groupList(@Ctx() ctx: RequestContext, @Param('groupId') groupId: string): Promise<WidgetBarListResponse> {
    const group = await this.administeredGroup(ctx, groupId);
    return this.list(group._id);
  }

  @Get('groups/:groupId/administration/widgetbars/calendars.json')
  @Endpoint({
    summary: "The group's calendars a group bar's appointments widget may add",
    tags,
    auth: 'member',
    responses: { 200: { description: 'WidgetBarCalendarsResponse', schema: widgetBarCalendarsResponseSchema }, ...editorResponses('not an administrator of the group') },
  })
  async groupCalendars(@Ctx() ctx: RequestContext, @Param('groupId') groupId: string): Promise<WidgetBarCalendarsResponse> {
    const group = await this.administeredGroup(ctx, groupId);
    const calendars = await calendarsCollection(this.store).find({ parent_id: group._id }, { sort: [['name', 1], ['_id', 1]] });
    return { calendars: calendars.map((calendar) => ({ id: calendar._id, name: calendar.name })) };
  }

  @Get('groups/:groupId/administration/widgetbars/:slug.json')
  @Endpoint({
    summary: "A group's widget bar and the revision its editor saves at",
    tags,
    auth: 'member',
    responses: { 200: { description: 'WidgetBarResponse', schema: widgetBarResponseSchema }, ...editorResponses('not an administrator of the group') },
  })
  async groupBar(@Ctx() ctx: RequestContext, @Param('groupId') groupId: string, @Param('slug') slug: string): Promise<WidgetBarResponse> {
    const group = await this.administeredGroup(ctx, groupId);
    return this.one(group._id, slug);
  }

  @Get('widgetbars/as-:slug')
  @Endpoint({
    summary: 'A network widget bar with each widget\'s data as the signed-in member may see it (members, birthdays, appointments, favourites, texts, feeds)',
    tags,
    auth: 'member',
    responses: { 200: 'ResolvedWidgetBarResponse', 401: 'signed out', 404: 'not_found' },
  })
  async networkWidgets(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<ResolvedWidgetBarResponse> {
    const viewer = await signedInMember(this.store, ctx);
    const valid = slugOf(slug);
    const bar = await loadWidgetBar(this.store, NETWORK_WIDGETBAR_SCOPE, valid);
    return { scope: NETWORK_WIDGETBAR_SCOPE, slug: valid, widgets: await resolveWidgets({ store: this.store, feeds: this.feeds, viewer, group: null, now: this.clock() }, bar) };
  }

  @Get('widgetbars/g-:groupId-as-:slug')
  @Endpoint({
    summary: "A group's widget bar with each widget's data as the signed-in member may see it",
    tags,
    auth: 'member',
    responses: { 200: 'ResolvedWidgetBarResponse', 401: 'signed out', 404: 'not_found (or a group the member may not see)' },
  })
  async groupWidgets(@Ctx() ctx: RequestContext, @Param('groupId') groupId: string, @Param('slug') slug: string): Promise<ResolvedWidgetBarResponse> {
    const viewer = await signedInMember(this.store, ctx);
    const group = await this.visibleGroup(viewer, groupId);
    const valid = slugOf(slug);
    const bar = await loadWidgetBar(this.store, group._id, valid);
    return { scope: group._id, slug: valid, widgets: await resolveWidgets({ store: this.store, feeds: this.feeds, viewer, group, now: this.clock() }, bar) };
  }
}
