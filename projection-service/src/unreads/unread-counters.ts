import type { UnreadFeature, UnreadFoldersResponse, UnreadsResponse } from '@cn/contracts';
import type { DocumentStore } from '@cn/platform';
import { loadReadContext } from '../appointments/appointment-dto';
import { inTab, invitesOfViewer } from '../invites/invites.read';
import type { MemberDocument } from '../members/members.projection';
import { unreadMessageCount } from '../messages/messages.read';
import { viewerOf } from '../calendars/calendars.read';
import { unreadFolders as unreadFoldersOf } from '../files/files.read';
import { activityViewerOf, allStreamUnread, loadStreamsContext, loadUnreadCounts, streamLinks, unreadActivitiesOf } from '../activities/activities.read';

/** what a counter is handed: the store, the signed-in member and now */
export interface UnreadInput {
  store: DocumentStore;
  member: MemberDocument;
  now: Date;
}

/** one feature's unread count (-1: something new without a count) */
export type UnreadCounter = (input: UnreadInput) => Promise<number>;

/** the 'all' stream's badge: unread activities of others that 'all' shows (subscribed streams, and followed members' posts and mentions elsewhere) */
const activitystreams: UnreadCounter = async ({ store, member }) => {
  const ctx = await loadStreamsContext(store, activityViewerOf({ id: member._id, roles: member.roles }));
  return allStreamUnread((await loadUnreadCounts(store, ctx)).counts);
};

/** the calendar's open invites (what /appointments/invites lists under 'open') */
const calendars: UnreadCounter = async ({ store, member, now }) => {
  const ctx = await loadReadContext(store, member, now);
  return (await invitesOfViewer(ctx)).filter((source) => inTab(source, 'open', now)).length;
};

/** The counters of GET /unreads/features, one per feature. */
export const UNREAD_FEATURE_COUNTERS: Readonly<Record<UnreadFeature, UnreadCounter>> = {
  Activitystreams: activitystreams,
  Calendars: calendars,
  Messages: ({ store, member }) => unreadMessageCount(store, member._id),
};

/** GET /unreads/folders: the folders with files new to the member (the files module's count) */
export const unreadFolders = async ({ store, member }: UnreadInput): Promise<UnreadFoldersResponse> => unreadFoldersOf(store, await viewerOf(store, member));

/** GET /unreads/activities: in total and per stream (as GET /api/v1/unreads/activities) */
export const unreadActivities = async ({ store, member }: UnreadInput): Promise<UnreadsResponse['activities']> =>
  unreadActivitiesOf(await streamLinks(store, await loadStreamsContext(store, activityViewerOf({ id: member._id, roles: member.roles }))));

/** every feature's counter at once */
export const unreadFeatures = async (input: UnreadInput): Promise<Record<UnreadFeature, number>> => {
  const [Activitystreams, Calendars, Messages] = await Promise.all([
    UNREAD_FEATURE_COUNTERS.Activitystreams(input),
    UNREAD_FEATURE_COUNTERS.Calendars(input),
    UNREAD_FEATURE_COUNTERS.Messages(input),
  ]);
  return { Activitystreams, Calendars, Messages };
};
