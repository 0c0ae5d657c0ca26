import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { notificationsQuerySchema, notificationsResponseSchema, type NotificationsResponse } from '@cn/contracts';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, InjectPort, Member, parseWith, type SignedInMember } from '@cn/platform';
import { activityViewerOf } from '../activities/activities.read';
import { notificationsOf } from './notifications.read';

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class NotificationsController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  @Get('api/v1/notifications')
  @Endpoint({
    summary:
      "The bell and /notifications: the member's latest notifications (invites, changes and cancellations of appointments they take part in, waiting-list places, mentions and replies in activities they may see, join requests of groups they administrate, group invites), newest first, with the unread count",
    tags: ['notifications'],
    query: notificationsQuerySchema,
    responses: { 200: { description: 'NotificationsResponse', schema: notificationsResponseSchema }, 400: 'bad limit', 401: 'signed out' },
    auth: 'member',
  })
  notifications(@Member() member: SignedInMember, @Query() raw: Record<string, unknown>): Promise<NotificationsResponse> {
    const { limit } = parseWith(notificationsQuerySchema, raw);
    return notificationsOf(this.documentStore, activityViewerOf(member), limit);
  }
}
