import { Controller, Get, UseInterceptors } from '@nestjs/common';
import {
  unreadFeaturesResponseSchema,
  unreadFoldersResponseSchema,
  unreadsResponseSchema,
  type UnreadFeaturesResponse,
  type UnreadFoldersResponse,
  type UnreadsResponse,
} from '@cn/contracts';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, HttpProblem, InjectPort, Member, type SignedInMember } from '@cn/platform';
import { activityViewerOf } from '../activities/activities.read';
import { loadActiveMember } from '../members/members.read';
import { notificationsOf } from '../notifications/notifications.read';
import { unreadActivities, unreadFeatures, unreadFolders, type UnreadInput } from './unread-counters';

const tags = ['unreads'];
const unreadActivitiesSchema = unreadsResponseSchema.shape.activities;

/**
 * The shell's counters: the bell, the features' badges, the activity streams' and the folders'. The
 * console reads them again whenever the realtime channel names a change (and polls only while it is down).
 */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class UnreadsController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  private async input(member: SignedInMember): Promise<UnreadInput> {
    const doc = await loadActiveMember(this.store, member.id);
    if (!doc) throw new HttpProblem(401, 'unauthenticated');
    return { store: this.store, member: doc, now: new Date() };
  }

  @Get('api/v1/unreads')
  @Endpoint({
    summary: 'Every unread counter of the shell at once: notifications, features, activity streams, folders',
    tags,
    auth: 'member',
    responses: { 200: { description: 'UnreadsResponse', schema: unreadsResponseSchema }, 401: 'unauthenticated' },
  })
  async all(@Member() member: SignedInMember): Promise<UnreadsResponse> {
    const input = await this.input(member);
    const [notifications, features, activities, folders] = await Promise.all([
      notificationsOf(this.store, activityViewerOf(member), 0),
      unreadFeatures(input),
      unreadActivities(input),
      unreadFolders(input),
    ]);
    return { notifications: notifications.unread_count, features, activities, folders: folders.total };
  }

  @Get('unreads/features')
  @Endpoint({
    summary: 'Unread counts per feature (Activitystreams, Calendars: open invites, Messages); -1 means something new without a count',
    tags,
    auth: 'member',
    responses: { 200: { description: 'UnreadFeaturesResponse', schema: unreadFeaturesResponseSchema }, 401: 'unauthenticated' },
  })
  async features(@Member() member: SignedInMember): Promise<UnreadFeaturesResponse> {
    return unreadFeatures(await this.input(member));
  }

  @Get('unreads/activities')
  @Endpoint({
    summary: 'Unread activities of others the member may see, in total and per stream',
    tags,
    auth: 'member',
    responses: { 200: { description: 'UnreadActivitiesResponse', schema: unreadActivitiesSchema }, 401: 'unauthenticated' },
  })
  async activities(@Member() member: SignedInMember): Promise<UnreadsResponse['activities']> {
    return unreadActivities(await this.input(member));
  }

  @Get('api/v1/unreads/folders')
  @Endpoint({
    summary: 'Folders with files new to the member since they last opened them (as GET /unreads/folders)',
    tags,
    auth: 'member',
    responses: { 200: { description: 'UnreadFoldersResponse', schema: unreadFoldersResponseSchema }, 401: 'unauthenticated' },
  })
  async apiFolders(@Member() member: SignedInMember): Promise<UnreadFoldersResponse> {
    return unreadFolders(await this.input(member));
  }

  @Get('unreads/folders')
  @Endpoint({
    summary: 'Folders with files new to the member since they last opened them (total: how many folders; per folder: how many files)',
    tags,
    auth: 'member',
    responses: { 200: { description: 'UnreadFoldersResponse', schema: unreadFoldersResponseSchema }, 401: 'unauthenticated' },
  })
  async folders(@Member() member: SignedInMember): Promise<UnreadFoldersResponse> {
    return unreadFolders(await this.input(member));
  }
}
