import { createHash } from 'node:crypto';
import {
  calendarAbilities,
  canSeeCalendar,
  type CalendarDto,
  type FileViewer,
  type Viewer,
} from '@cn/contracts';
import { type DocumentStore } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import type { MemberDocument } from '../members/members.projection';
import { groupsCollection, groupsOfMember } from '../groups/groups.read';
import type { GroupDocument } from '../groups/groups.projection';
import { groupViewerOf } from '../groups/group-views';
import {
  calendarTokensProjection,
  calendarsProjection,
  type CalendarDocument,
  type CalendarTokenDocument,
} from './calendars.projection';

export const calendarsCollection = (store: DocumentStore) => store.collection<CalendarDocument>(collectionName(calendarsProjection));
export const calendarTokensCollection = (store: DocumentStore) =>
  store.collection<CalendarTokenDocument>(collectionName(calendarTokensProjection));

/**
 * The facts the contracts' ability rules take about a signed-in member, given the groups they belong to: a
 * files viewer (a `Viewer` with the groups they administrate through a category, as `groupAbilities` decides
 * from the members read model's `administered_category_ids`), which the calendars' rules take as a `Viewer`.
 */
const viewerFrom = (member: MemberDocument, groups: readonly GroupDocument[]): FileViewer => ({
  member_id: member._id,
  network_admin: member.roles.network_admin,
  external: member.roles.external,
  group_ids: groups.map((group) => group._id),
  admin_group_ids: groups.filter((group) => group.admin_ids.includes(member._id)).map((group) => group._id),
  category_admin_group_ids: groups.filter((group) => groupViewerOf(group, member).category_admin).map((group) => group._id),
});

export const viewerOf = async (store: DocumentStore, member: MemberDocument): Promise<FileViewer> => viewerFrom(member, await groupsOfMember(store, member._id));

/**
 * The active members among `memberIds`, each with their viewer, read at once: a publisher deciding for
 * every watching console reads the members and the groups once per change, not once per watcher.
 */
export const activeViewers = async (store: DocumentStore, memberIds: Iterable<string>): Promise<Array<{ member: MemberDocument; viewer: FileViewer }>> => {
  const members = [...(await loadMembers(store, memberIds)).values()].filter((member) => !member.deleted);
  if (members.length === 0) return [];
  const wanted = new Set(members.map((member) => member._id));
  const groupsOf = new Map<string, GroupDocument[]>();
  for (const group of await groupsCollection(store).find()) {
    for (const memberId of group.member_ids) {
      if (wanted.has(memberId)) groupsOf.set(memberId, [...(groupsOf.get(memberId) ?? []), group]);
    }
  }
  return members.map((member) => ({ member, viewer: viewerFrom(member, groupsOf.get(member._id) ?? []) }));
};

/** every calendar the viewer may see */
export const visibleCalendars = async (store: DocumentStore, viewer: Viewer): Promise<CalendarDocument[]> =>
  (await calendarsCollection(store).find({}, { sort: [['name', 1], ['_id', 1]] })).filter((calendar) => canSeeCalendar(calendar, viewer));

export const memberRef = (doc: MemberDocument | undefined, id: string): { id: string; name: string; path: string } => ({
  id,
  name: doc ? displayNameOf(doc) : displayNameOf({ first_name: '', last_name: '', deleted: true }),
  path: `/members/${id}`,
});

export const loadMembers = async (store: DocumentStore, ids: Iterable<string>): Promise<Map<string, MemberDocument>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await membersCollection(store).getMany(unique)).map((doc) => [doc._id, doc]));
};

export const toCalendarDto = (calendar: CalendarDocument, viewer: Viewer, members: ReadonlyMap<string, MemberDocument>): CalendarDto => {
  const sharedWithViewer = calendar.type === 'personal' && calendar.author_id !== viewer.member_id && calendar.shared_with.includes(viewer.member_id);
  return {
    id: calendar._id,
    name: calendar.name,
    color: calendar.color,
    type: sharedWithViewer ? 'shared' : calendar.type,
    category_name: null,
    parent_id: calendar.parent_id,
    author: calendar.author_id ? memberRef(members.get(calendar.author_id), calendar.author_id) : null,
    memberships: calendar.shared_with.map((id) => memberRef(members.get(id), id)),
    can: calendarAbilities(calendar, viewer),
  };
};

export const toCalendarDtos = async (store: DocumentStore, calendars: readonly CalendarDocument[], viewer: Viewer): Promise<CalendarDto[]> => {
  const members = await loadMembers(
    store,
    calendars.flatMap((calendar) => [...(calendar.author_id ? [calendar.author_id] : []), ...calendar.shared_with]),
  );
  return calendars.map((calendar) => toCalendarDto(calendar, viewer, members));
};

export const hashCalendarToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** the member a webcal token belongs to, null for an unknown or revoked one */
export const memberIdOfCalendarToken = async (store: DocumentStore, token: string | undefined): Promise<string | null> => {
  if (!token) return null;
  const [doc] = await calendarTokensCollection(store).find({ token_hash: hashCalendarToken(token) }, { limit: 1 });
  return doc?._id ?? null;
};
