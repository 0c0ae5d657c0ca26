import { Controller, Get, Param, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { ActivitiesResponse, ActivityDto, ActivityStreamsResponse, UnreadActivitiesResponse } from '@cn/contracts';
import type { EventStore } from '@cn/domain';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, type FileStorage, type KeyStore, HttpProblem, InjectPort, type Infrastructure, Member, parseWith, type RequestContext, type SignedInMember } from '@cn/platform';
import { attachmentViews, type AttachmentViews } from '../files/attachment-views';
import { fileVersionBytes, sendFileVersion, versionAtSize, type FileVersionBytes } from '../files/send-file-version';
import { loadActiveMember } from '../members/members.read';
import { activityAttachment, activityViewerOf, loadStreamsContext, memberPage, streamLinks, streamPage, unreadActivitiesOf, visibleActivity } from './activities.read';

const tags = ['activities'];
const pageQuerySchema = z.object({
  /** older than this position (the previous page's next_before) */
  before: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).optional(),
});

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class ActivitiesController {
  private readonly bytes: FileVersionBytes;
  private readonly views: AttachmentViews;

  constructor(
    @InjectPort('documentStore') private readonly store: DocumentStore,
    @InjectPort('fileStorage') storage: FileStorage,
    @InjectPort('keyStore') keys: KeyStore,
    @InjectPort('eventStore') eventStore: EventStore,
    @InjectPort('clock') clock: () => Date,
    @InjectPort('logger') logger: Infrastructure['logger'],
  ) {
    this.bytes = fileVersionBytes(storage, keys);
    this.views = attachmentViews(eventStore, clock, logger);
  }

  private context(member: SignedInMember) {
    return loadStreamsContext(this.store, activityViewerOf(member));
  }

  @Get('activitystreams.json')
  @Endpoint({
    summary: 'The left navigation\'s streams: all, the network\'s (not for external members) and the member\'s groups\', each with its unread count',
    tags,
    auth: 'member',
    responses: { 200: 'ActivityStreamsResponse { items: [{ slug, name, kind, unread_count, subscribed }] }', 401: 'unauthenticated' },
  })
  async streams(@Member() member: SignedInMember): Promise<ActivityStreamsResponse> {
    return { items: await streamLinks(this.store, await this.context(member)) };
  }

  @Get('api/v1/unreads/activities')
  @Endpoint({ summary: "Unread activities of others, in total ('all': the subscribed streams) and per stream", tags, auth: 'member', responses: { 200: 'UnreadActivitiesResponse', 401: 'unauthenticated' } })
  async unreads(@Member() member: SignedInMember): Promise<UnreadActivitiesResponse> {
    return unreadActivitiesOf(await streamLinks(this.store, await this.context(member)));
  }

  @Get('api/v1/activitystreams/:slug/activities')
  @Endpoint({
    summary: 'A stream\'s activities, newest first (\'all\': the subscribed streams the member may see, and from the others their own posts, followed members\' and mentions), with its unread count and latest position (reading marks up to it)',
    tags,
    auth: 'member',
    query: pageQuerySchema,
    responses: { 200: 'ActivitiesResponse', 400: 'before invalid_type', 401: 'unauthenticated', 404: 'not_found (a group the member may not see; a hidden group\'s stream for non-members)' },
  })
  async stream(@Member() member: SignedInMember, @Param('slug') slug: string, @Query() query: Record<string, unknown>): Promise<ActivitiesResponse> {
    const { before } = parseWith(pageQuerySchema, query);
    return streamPage(this.store, await this.context(member), slug.toLowerCase(), before);
  }

  @Get('api/v1/activities/:id')
  @Endpoint({ summary: 'One activity with its replies, likes and can', tags, auth: 'member', responses: { 200: 'ActivityDto', 401: 'unauthenticated', 404: 'not_found' } })
  async activity(@Member() member: SignedInMember, @Param('id') id: string): Promise<ActivityDto> {
    return visibleActivity(this.store, await this.context(member), id);
  }

  @Get('api/v1/activities/:id/attachments/:fileId')
  @Endpoint({
    summary: 'A file a post carries, at the version attached, for whoever may see the post and the file\'s folder (images inline, other files as downloads, `?download` always a download; `size=preview|thumb|lightbox` an image\'s size, WebP, as uploaded until it is made; Range answered 206; served without `size` it counts as the member\'s view of the file, once)',
    tags,
    auth: 'member',
    responses: {
      200: { description: 'the bytes (Content-Disposition, X-Content-Type-Options: nosniff)', otherMediaTypes: ['application/octet-stream'] },
      206: { description: 'the requested range (Content-Range)', otherMediaTypes: ['application/octet-stream'] },
      400: 'validation_failed (size: invalid_value)',
      401: 'unauthenticated',
      404: 'not_found (a post the member may not see, a deleted post, a file it does not carry or whose folder the member does not see; size: not_an_image)',
      416: 'range_not_satisfiable',
    },
  })
  async attachment(@Member() member: SignedInMember, @Ctx() ctx: RequestContext, @Param('id') id: string, @Param('fileId') fileId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const { version, name, image } = await activityAttachment(this.store, await this.context(member), id, fileId);
    // the file itself (not one of an image's sizes) served to a reader of the post: a view of the file
    if (req.query['size'] === undefined) await this.views.record(fileId, member.id, ctx.correlationId);
    await sendFileVersion(this.bytes, req, res, { version: versionAtSize(version, req.query['size']), name, disposition: image && req.query['download'] === undefined ? 'inline' : 'attachment' });
  }

  @Get('api/v1/members/:id/activities')
  @Endpoint({ summary: 'A member\'s posts the signed-in member may see, newest first', tags, auth: 'member', query: pageQuerySchema, responses: { 200: 'ActivitiesResponse', 401: 'unauthenticated', 404: 'not_found' } })
  async memberActivities(@Member() member: SignedInMember, @Param('id') id: string, @Query() query: Record<string, unknown>): Promise<ActivitiesResponse> {
    return this.memberList(member, id, 'activities', query);
  }

  @Get('api/v1/members/:id/likes')
  @Endpoint({ summary: 'What a member liked that the signed-in member may see, newest first', tags, auth: 'member', query: pageQuerySchema, responses: { 200: 'ActivitiesResponse', 401: 'unauthenticated', 404: 'not_found' } })
  async memberLikes(@Member() member: SignedInMember, @Param('id') id: string, @Query() query: Record<string, unknown>): Promise<ActivitiesResponse> {
    return this.memberList(member, id, 'likes', query);
  }

  private async memberList(member: SignedInMember, id: string, list: 'activities' | 'likes', query: Record<string, unknown>): Promise<ActivitiesResponse> {
    const { before } = parseWith(pageQuerySchema, query);
    if (!(await loadActiveMember(this.store, id))) throw new HttpProblem(404, 'not_found');
    return memberPage(this.store, await this.context(member), id, list, before);
  }
}
