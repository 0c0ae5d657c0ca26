import {
  ageOn,
  ALL_OPTION,
  canSeeChannel,
  DEFAULT_TIME_ZONE,
  groupImageUrl,
  memberImageUrl,
  sanitizeHtml,
  statusSeenBy,
  windowBounds,
  WIDGET_PROFILE_FIELDS,
  type ResolvedWidget,
  type WidgetAppointment,
  type FileScope,
  type WidgetBirthday,
  type WidgetData,
  type WidgetLink,
  type WidgetMember,
  type WidgetProfileField,
  type WidgetProfileValue,
  type WidgetTypeName,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore, FeedReader } from '@cn/platform';
import { loadReadContext } from '../appointments/appointment-dto';
import { instancesInWindow } from '../appointments/appointment-instances';
import { byStart, documentsInRange, isParticipating } from '../appointments/appointments.read';
import { canSeeAppointment } from '../appointments/appointment-dto';
import { channelsCollection } from '../channels/channels.read';
import { canSeeGroup, groupsCollection } from '../groups/groups.read';
import type { GroupDocument } from '../groups/groups.projection';
import { displayNameOf } from '../members/member-dto';
import { memberLocksProjection, type MemberLockDocument } from '../members/member-locks.projection';
import type { MemberDocument } from '../members/members.projection';
import { ignoredMemberIds, membersCollection } from '../members/members.read';
import { loadNetwork } from '../network/network.read';
import { viewerOf } from '../calendars/calendars.read';
import { mostViewedFiles } from '../files/most-viewed.read';
import { connectedMembers } from '../realtime/connections';
import { memberSinceProjection, widgetBarId, widgetBarsProjection, type MemberSinceDocument, type WidgetBarDocument } from './widgetbars.projection';

export const widgetBarsCollection = (store: DocumentStore) => store.collection<WidgetBarDocument>(collectionName(widgetBarsProjection));
const memberSinceCollection = (store: DocumentStore) => store.collection<MemberSinceDocument>(collectionName(memberSinceProjection));

export const loadWidgetBar = async (store: DocumentStore, scope: string, slug: string): Promise<WidgetBarDocument | null> => widgetBarsCollection(store).get(widgetBarId(scope, slug));

/** What resolving a bar for one member needs. */
export interface WidgetReadContext {
  store: DocumentStore;
  feeds: FeedReader;
  viewer: MemberDocument;
  /** the group of a group bar */
  group: GroupDocument | null;
  now: Date;
}

const DAY_MS = 86_400_000;
/** how far ahead the appointments widget looks */
const APPOINTMENTS_AHEAD_DAYS = 366;

/** the profile fields a widget shows ('all': every one), known ones only, each once, in the order chosen */
export const chosenProfileFields = (chosen: readonly string[]): WidgetProfileField[] =>
  chosen.includes(ALL_OPTION) ? [...WIDGET_PROFILE_FIELDS] : WIDGET_PROFILE_FIELDS.filter((field) => chosen.includes(field)).sort((a, b) => chosen.indexOf(a) - chosen.indexOf(b));

/**
 * A member's profile fields as the viewer may see them on the member's page (toMemberDto's rule): names to
 * everyone, email and birthday to the member themself and network administrators, the age where the member
 * shows it; empty values are left out.
 */
export const visibleProfileFields = (doc: MemberDocument, fields: readonly WidgetProfileField[], viewer: Pick<MemberDocument, '_id' | 'roles'>, today: string): WidgetProfileValue[] => {
  const ownOrAdmin = viewer._id === doc._id || viewer.roles.network_admin;
  const valueOf = (field: WidgetProfileField): string | null => {
    switch (field) {
      case 'first_name':
        return doc.first_name;
      case 'last_name':
        return doc.last_name;
      case 'email':
        return ownOrAdmin ? doc.email : null;
      case 'birthday':
        return ownOrAdmin ? (doc.birthday ?? null) : null;
      case 'age': {
        const age = doc.show_age ? ageOn(doc.birthday, today) : null;
        return age === null ? null : String(age);
      }
    }
  };
  return fields.flatMap((field) => {
    const value = doc.deleted ? null : valueOf(field);
    return value ? [{ field, value }] : [];
  });
};

const toWidgetMember = (doc: MemberDocument, shown?: { fields: readonly WidgetProfileField[]; ctx: WidgetReadContext }): WidgetMember => {
  const member: WidgetMember = {
    id: doc._id,
    name: displayNameOf(doc),
    path: `/members/${doc._id}`,
    image: doc.image ? memberImageUrl(doc._id, doc.image.version, 'small') : null,
  };
  const fields = shown ? visibleProfileFields(doc, shown.fields, shown.ctx.viewer, shown.ctx.now.toISOString().slice(0, 10)) : [];
  if (fields.length > 0) member.fields = fields;
  return member;
};

/**
 * The members a widget may list: registered, not erased, not locked, not hidden from the viewer (members
 * they ignore); in a group bar only the group's members. Read once per bar.
 */
const visibleMembers = async (ctx: WidgetReadContext): Promise<MemberDocument[]> => {
  const [members, locks, ignored] = await Promise.all([
    membersCollection(ctx.store).find({ deleted: false }),
    ctx.store.collection<MemberLockDocument>(collectionName(memberLocksProjection)).find(),
    ignoredMemberIds(ctx.store, ctx.viewer._id),
  ]);
  const locked = new Set([...locks.map((lock) => lock._id), ...ignored]);
  const inGroup = ctx.group ? new Set(ctx.group.member_ids) : null;
  return members.filter((member) => !member.deleted && !locked.has(member._id) && (inGroup === null || inGroup.has(member._id)));
};

const byName = (a: MemberDocument, b: MemberDocument): number => displayNameOf(a).localeCompare(displayNameOf(b)) || a._id.localeCompare(b._id);

const newestMembers = async (ctx: WidgetReadContext, members: MemberDocument[], count: number): Promise<WidgetData> => {
  const since = new Map((await memberSinceCollection(ctx.store).find()).map((doc) => [doc._id, doc.registered_at]));
  const newest = [...members].sort((a, b) => (since.get(b._id) ?? '').localeCompare(since.get(a._id) ?? '') || byName(a, b));
  return { kind: 'members', members: newest.slice(0, count).map((member) => toWidgetMember(member)) };
};

/** members with an open console whose presence the viewer may see (an invisible member is never listed) */
const onlineMembers = async (ctx: WidgetReadContext, members: MemberDocument[], count: number): Promise<WidgetData> => {
  const [{ settings }, connected] = await Promise.all([loadNetwork(ctx.store), connectedMembers(ctx.store, members.map((member) => member._id), ctx.now)]);
  const online = members.filter((member) => {
    if (!connected.has(member._id)) return false;
    const status = statusSeenBy(member.presence, { subjectId: member._id, viewerId: ctx.viewer._id, showOnlineStatus: settings.member.show_online_status, connected: true });
    return status !== undefined && status.type !== 'invisible';
  });
  return { kind: 'members', members: online.sort(byName).slice(0, count).map((member) => toWidgetMember(member)) };
};

/** days from today (UTC date) to the next birthday on `MM-DD`; 29 February counts as 1 March in other years */
export const daysUntilBirthday = (birthday: string, today: string): number => {
  const [, month, day] = birthday.split('-').map(Number);
  const [year] = today.split('-').map(Number);
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const next = (y: number): number => Date.UTC(y, (month ?? 1) - 1, day ?? 1);
  const thisYear = next(year ?? 1970);
  return Math.round(((thisYear >= todayMs ? thisYear : next((year ?? 1970) + 1)) - todayMs) / DAY_MS);
};

const birthdays = (ctx: WidgetReadContext, members: MemberDocument[], count: number, showAge: boolean, fields: readonly WidgetProfileField[]): WidgetData => {
  const today = ctx.now.toISOString().slice(0, 10);
  const upcoming = members
    .filter((member): member is MemberDocument & { birthday: string } => typeof member.birthday === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(member.birthday))
    .map((member) => ({ member, days: daysUntilBirthday(member.birthday, today) }))
    .sort((a, b) => a.days - b.days || byName(a.member, b.member))
    .slice(0, count);
  return {
    kind: 'birthdays',
    members: upcoming.map(({ member, days }): WidgetBirthday => {
      const entry: WidgetBirthday = { ...toWidgetMember(member, { fields, ctx }), date: member.birthday.slice(5) };
      // the age shows only where the widget shows ages and the member shows theirs; on the day itself, the new age
      const age = showAge && member.show_age ? ageOn(member.birthday, new Date(ctx.now.getTime() + days * DAY_MS).toISOString().slice(0, 10)) : null;
      if (age !== null) entry.age = age;
      return entry;
    }),
  };
};

/**
 * Upcoming appointments the viewer may see: `personal` those they take part in, `all` every visible
 * one; plus the chosen calendars ('all': every visible calendar). A group bar shows the group's calendars only.
 */
const appointments = async (ctx: WidgetReadContext, properties: { scope: 'personal' | 'all'; additional_calendar_ids: string[]; count: number }): Promise<WidgetData> => {
  const read = await loadReadContext(ctx.store, ctx.viewer, ctx.now);
  const from = ctx.now.toISOString().slice(0, 10);
  const to = new Date(ctx.now.getTime() + APPOINTMENTS_AHEAD_DAYS * DAY_MS).toISOString().slice(0, 10);
  const window = { from, to, time_zone: DEFAULT_TIME_ZONE, ...windowBounds({ from, to, time_zone: DEFAULT_TIME_ZONE }) };
  const groupCalendars = ctx.group ? new Set([...read.calendars.values()].filter((calendar) => calendar.parent_id === ctx.group?._id).map((calendar) => calendar._id)) : null;
  const extra = properties.additional_calendar_ids;
  const inChosenCalendar = (ids: readonly string[]): boolean => extra.includes(ALL_OPTION) || ids.some((id) => extra.includes(id));
  const nowIso = ctx.now.toISOString();
  const instances = (await documentsInRange(ctx.store, window.fromMs, window.toMs))
    .filter((doc) => canSeeAppointment(doc, read))
    .flatMap((doc) => instancesInWindow(doc, window))
    .filter((instance) => !instance.canceled && instance.end >= nowIso)
    .filter((instance) => groupCalendars === null || instance.fields.calendar_ids.some((id) => groupCalendars.has(id)))
    .filter((instance) => properties.scope === 'all' || isParticipating(instance, ctx.viewer._id) || inChosenCalendar(instance.fields.calendar_ids))
    .sort(byStart)
    .slice(0, properties.count);
  return {
    kind: 'appointments',
    appointments: instances.map((instance): WidgetAppointment => ({ id: instance.id, title: instance.fields.name, starts_at: instance.start, path: `/appointments/${encodeURIComponent(instance.id)}` })),
  };
};

/** the viewer's favourite groups and channels (each only while they may see it), groups first, by name */
const speedDial = async (ctx: WidgetReadContext, count: number): Promise<WidgetData> => {
  const viewer = { member_id: ctx.viewer._id, network_admin: ctx.viewer.roles.network_admin, external: ctx.viewer.roles.external };
  const [groups, channels] = await Promise.all([groupsCollection(ctx.store).find({ favorite_ids: { $contains: ctx.viewer._id } }), channelsCollection(ctx.store).find({ favorite_ids: { $contains: ctx.viewer._id } })]);
  const groupLinks = groups
    .filter((group) => !group.archived && canSeeGroup(group, viewer))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((group): WidgetLink => ({ kind: 'group', id: group._id, name: group.name, path: `/groups/${encodeURIComponent(group.slug)}` }));
  const channelLinks = channels
    .filter((channel) => canSeeChannel({ status: channel.status, author_id: channel.author_id }, viewer))
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((channel): WidgetLink => ({ kind: 'channel', id: channel._id, name: channel.title, path: `/channels/${encodeURIComponent(channel._id)}` }));
  return { kind: 'links', links: [...groupLinks, ...channelLinks].slice(0, count) };
};

const adminMembers = (ctx: WidgetReadContext, members: MemberDocument[], fields: readonly WidgetProfileField[]): WidgetData => {
  const admins = ctx.group ? new Set(ctx.group.admin_ids) : null;
  return {
    kind: 'members',
    members: members
      .filter((member) => (admins ? admins.has(member._id) : member.roles.network_admin))
      .sort(byName)
      .map((member) => toWidgetMember(member, { fields, ctx })),
  };
};

const escapeMarkdown = (text: string): string => text.replace(/([\\`*_{}[\]()#+\-.!|<>])/g, '\\$1');

/** markdown stays markdown (the console renders it without raw HTML); HTML is sanitized here */
const rendered = (content: string, renderer: 'markdown' | 'html_sanitized'): WidgetData =>
  renderer === 'markdown' ? { kind: 'markdown', markdown: content } : { kind: 'html', html: sanitizeHtml(content) };

/** the group widget's placeholders: the group's name and profile image */
const groupInfo = (group: GroupDocument, content: string, renderer: 'markdown' | 'html_sanitized'): WidgetData => {
  const image = group.image ? groupImageUrl(group._id, group.image.version, 'large') : null;
  const markdown = renderer === 'markdown';
  const name = markdown ? escapeMarkdown(group.name) : group.name.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  const picture = image === null ? '' : markdown ? `![${name}](${image})` : `<img src="${image}" alt="${name}">`;
  return rendered(content.replaceAll('{{group_name}}', name).replaceAll('{{group_image}}', picture), renderer);
};

const feed = async (ctx: WidgetReadContext, url: string, count: number): Promise<WidgetData> => {
  if (url === '') return { kind: 'feed', items: [], error: 'rss_unavailable' };
  try {
    const items = await ctx.feeds.read(url);
    return { kind: 'feed', items: items.slice(0, count).map((item) => ({ title: item.title, link: item.url })), error: null };
  } catch {
    return { kind: 'feed', items: [], error: 'rss_unavailable' };
  }
};

/** a group bar: the group's files; the network's bar: the network's and the viewer's groups' (as far as each is theirs to open) */
const mostViewed = async (ctx: WidgetReadContext, count: number): Promise<WidgetData> => {
  const viewer = await viewerOf(ctx.store, ctx.viewer);
  const scopes: FileScope[] = ctx.group
    ? [{ type: 'group', group_id: ctx.group._id }]
    : [{ type: 'network', group_id: null }, ...viewer.group_ids.map((group_id): FileScope => ({ type: 'group', group_id }))];
  return { kind: 'files', files: await mostViewedFiles(ctx.store, scopes, viewer, count) };
};

type StoredWidget = WidgetBarDocument['widgets'][number];
const num = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback);
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const rendererOf = (value: unknown): 'markdown' | 'html_sanitized' => (value === 'html_sanitized' ? 'html_sanitized' : 'markdown');

const dataOf = async (ctx: WidgetReadContext, widget: StoredWidget, members: () => Promise<MemberDocument[]>): Promise<WidgetData> => {
  const p = widget.properties;
  const type: WidgetTypeName = widget.type;
  switch (type) {
    case 'admin_members':
      return adminMembers(ctx, await members(), chosenProfileFields(strings(p['profile_fields'])));
    case 'appointments':
      return appointments(ctx, { scope: p['scope'] === 'all' ? 'all' : 'personal', additional_calendar_ids: strings(p['additional_calendar_ids']), count: num(p['count'], 10) });
    case 'birthday':
      return birthdays(ctx, await members(), num(p['count'], 5), p['show_age'] === true, chosenProfileFields(strings(p['profile_fields'])));
    case 'group_info':
      return ctx.group ? groupInfo(ctx.group, str(p['content']), rendererOf(p['renderer'])) : { kind: 'markdown', markdown: '' };
    case 'most_viewed_files':
      return mostViewed(ctx, num(p['count'], 5));
    case 'newest_members':
      return newestMembers(ctx, await members(), num(p['count'], 5));
    case 'online_members':
      return onlineMembers(ctx, await members(), num(p['count'], 5));
    case 'rss':
      return feed(ctx, str(p['url']), num(p['count'], 12));
    case 'speed_dial':
      return speedDial(ctx, num(p['count'], 15));
    case 'text':
      return rendered(str(p['content']), rendererOf(p['renderer']));
    default: {
      const unknownType: never = type;
      throw new Error(`unknown widget type ${String(unknownType)}`);
    }
  }
};

/** A bar's widgets, each with its data as the viewer may see it. */
export const resolveWidgets = async (ctx: WidgetReadContext, bar: WidgetBarDocument | null): Promise<ResolvedWidget[]> => {
  let memberList: Promise<MemberDocument[]> | null = null;
  const members = (): Promise<MemberDocument[]> => (memberList ??= visibleMembers(ctx));
  return Promise.all(
    (bar?.widgets ?? []).map(async (widget, index): Promise<ResolvedWidget> => ({
      index,
      type: widget.type,
      headline: str(widget.properties['headline']),
      data: await dataOf(ctx, widget, members),
    })),
  );
};
