import { Controller, Get, Param, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { messageListQuerySchema, recipientQuerySchema, type MessageDetailDto, type MessagesResponse, type RecipientOptionsResponse, type UnreadMessagesResponse } from '@cn/contracts';
import type { EventStore } from '@cn/domain';
import { ConsistencyInterceptor, Ctx, Endpoint, type FileStorage, type KeyStore, InjectPort, type Infrastructure, Member, parseWith, type RequestContext, type SignedInMember } from '@cn/platform';
import { attachmentViews, type AttachmentViews } from '../files/attachment-views';
import { fileVersionBytes, sendFileVersion, versionAtSize, type FileVersionBytes } from '../files/send-file-version';
import { MessagesReader } from './messages.read';

const tags = ['messages'];
/** §5: the pagination reads its page count from X-Total-Pages */
const withTotalPages = (res: Response, answer: MessagesResponse): MessagesResponse => {
  res.setHeader('X-Total-Pages', String(Math.max(1, Math.ceil(answer.total / answer.limit))));
  return answer;
};
const listRefusals = { 400: 'validation_failed (limit, offset invalid_type, too_small, too_big)', 401: 'unauthenticated' };

/** §7 Messages: the inbox, the sent box, one message with its conversation, the unread count, the recipient picker. Static paths before /:id. */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class MessagesController {
  private readonly bytes: FileVersionBytes;
  private readonly views: AttachmentViews;

  constructor(
    private readonly reader: MessagesReader,
    @InjectPort('fileStorage') storage: FileStorage,
    @InjectPort('keyStore') keys: KeyStore,
    @InjectPort('eventStore') eventStore: EventStore,
    @InjectPort('clock') clock: () => Date,
    @InjectPort('logger') logger: Infrastructure['logger'],
  ) {
    this.bytes = fileVersionBytes(storage, keys);
    this.views = attachmentViews(eventStore, clock, logger);
  }

  @Get('api/v1/messages')
  @Endpoint({ summary: 'The inbox, newest first (limit, offset), with the unread count and can; X-Total-Pages', tags, auth: 'member', query: messageListQuerySchema, responses: { 200: 'MessagesResponse', ...listRefusals } })
  async inbox(@Member() member: SignedInMember, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<MessagesResponse> {
    const { limit, offset } = parseWith(messageListQuerySchema, query);
    return withTotalPages(res, await this.reader.list(member, 'inbox', limit, offset));
  }

  @Get('api/v1/messages/sent')
  @Endpoint({ summary: 'The sent box, newest first (limit, offset)', tags, auth: 'member', query: messageListQuerySchema, responses: { 200: 'MessagesResponse', ...listRefusals } })
  async sent(@Member() member: SignedInMember, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<MessagesResponse> {
    const { limit, offset } = parseWith(messageListQuerySchema, query);
    return withTotalPages(res, await this.reader.list(member, 'sent', limit, offset));
  }

  @Get('api/v1/messages/recipients')
  @Endpoint({
    summary: 'The recipient picker: members by name, and the groups the member may message (network administrators: any; others: those they administer)',
    tags,
    auth: 'member',
    query: recipientQuerySchema,
    responses: { 200: 'RecipientOptionsResponse', 400: 'validation_failed (q too_long)', 401: 'unauthenticated' },
  })
  recipients(@Member() member: SignedInMember, @Query() query: Record<string, unknown>): Promise<RecipientOptionsResponse> {
    return this.reader.recipientOptions(member, parseWith(recipientQuerySchema, query).q);
  }

  @Get('api/v1/messages/:id')
  @Endpoint({ summary: 'A message the member holds, with its conversation newest first', tags, auth: 'member', responses: { 200: 'MessageDetailDto', 401: 'unauthenticated', 404: 'not_found (a message the member neither sent nor received, or deleted)' } })
  detail(@Member() member: SignedInMember, @Param('id') id: string): Promise<MessageDetailDto> {
    return this.reader.detail(member, id);
  }

  @Get('api/v1/messages/:id/files/:fileId')
  @Endpoint({
    summary: 'Download a file the message carries, at the version attached (for those who hold the message; Range answered 206; a download without `size` counts as the member\'s view of the file, once); `size=small|large|lightbox` (or preview|thumb) an image\'s size, WebP, as uploaded until it is made',
    tags,
    auth: 'member',
    responses: {
      200: { description: 'the bytes (a download, Content-Disposition attachment; an image\'s size inline; X-Content-Type-Options: nosniff)', otherMediaTypes: ['application/octet-stream'] },
      206: { description: 'the requested range (Content-Range)', otherMediaTypes: ['application/octet-stream'] },
      400: 'validation_failed (size: invalid_value)',
      401: 'unauthenticated',
      404: 'not_found (a message the member does not hold, or a file it does not carry; size: not_an_image)',
      416: 'range_not_satisfiable',
    },
  })
  async attachment(@Member() member: SignedInMember, @Ctx() ctx: RequestContext, @Param('id') id: string, @Param('fileId') fileId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const { version, name } = await this.reader.attachment(member, id, fileId);
    const size = req.query['size'];
    // the file itself (not a thumbnail) served to a holder of the message: a view of the file
    if (size === undefined) await this.views.record(fileId, member.id, ctx.correlationId);
    // the same read-through rule as the file itself: whoever holds the message reads its sizes
    await sendFileVersion(this.bytes, req, res, { version: versionAtSize(version, size), name, disposition: size === undefined ? 'attachment' : 'inline' });
  }

  @Get('api/v1/unreads/messages')
  @Endpoint({ summary: 'Unread received messages: the navigation badge\'s count', tags, auth: 'member', responses: { 200: 'UnreadMessagesResponse { total }', 401: 'unauthenticated' } })
  async unreads(@Member() member: SignedInMember): Promise<UnreadMessagesResponse> {
    return { total: await this.reader.unreadCount(member.id) };
  }
}
