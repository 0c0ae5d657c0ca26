import {
  appointmentAbilities,
  attendeeLimitReached,
  canSeeCalendar,
  hasMeeting,
  type AppointmentDto,
  type AppointmentType,
  type NetworkSettings,
  type ParticipantDto,
  type ParticipantStatus,
  type Viewer,
} from '@cn/contracts';
import type { DocumentStore } from '@cn/platform';
import { calendarsCollection, loadMembers, memberRef, viewerOf } from '../calendars/calendars.read';
import type { CalendarDocument } from '../calendars/calendars.projection';
import { rolesOfMembers } from '../groups/groups.read';
import type { MembershipRoleDocument } from '../groups/groups.projection';
import { invitesOfMember, toInviteDto } from '../invites/invite-dto';
import { displayNameOf, memberImagesOf } from '../members/member-dto';
import type { MemberDocument } from '../members/members.projection';
import { loadNetwork } from '../network/network.read';
import { neighboursOf, type AppointmentInstance } from './appointment-instances';
import type { AppointmentDocument, ParticipantState } from './appointments.projection';

/** What every appointment answer needs about the viewer, loaded once per request. */
export interface AppointmentReadContext {
  store: DocumentStore;
  member: MemberDocument;
  viewer: Viewer;
  /** every calendar, by id (visibility is checked per calendar) */
  calendars: ReadonlyMap<string, CalendarDocument>;
  settings: NetworkSettings;
  now: Date;
}

export const loadReadContext = async (store: DocumentStore, member: MemberDocument, now: Date): Promise<AppointmentReadContext> => {
  const [viewer, calendars, network] = await Promise.all([viewerOf(store, member), calendarsCollection(store).find(), loadNetwork(store)]);
  return { store, member, viewer, calendars: new Map(calendars.map((c) => [c._id, c])), settings: network.settings, now };
};

const visibleCalendarsOf = (ctx: AppointmentReadContext, ids: readonly string[]): CalendarDocument[] =>
  ids.flatMap((id) => {
    const calendar = ctx.calendars.get(id);
    return calendar && canSeeCalendar(calendar, ctx.viewer) ? [calendar] : [];
  });

/** who sees an appointment: admins, its author, its participants, and whoever sees one of its calendars */
export const canSeeAppointment = (doc: AppointmentDocument, ctx: AppointmentReadContext): boolean =>
  !doc.deleted &&
  (ctx.viewer.network_admin ||
    doc.author_id === ctx.viewer.member_id ||
    doc.participant_ids.includes(ctx.viewer.member_id) ||
    visibleCalendarsOf(ctx, doc.calendar_ids).length > 0);

const myStatusOf = (instance: AppointmentInstance, memberId: string): ParticipantStatus | null =>
  instance.participants.find((p) => p.member_id === memberId)?.status ?? null;

export const abilitiesOf = (instance: AppointmentInstance, ctx: AppointmentReadContext) => {
  const config = instance.fields.attendee_configuration;
  return appointmentAbilities(
    {
      author_id: instance.doc.author_id,
      calendars: instance.fields.calendar_ids.flatMap((id) => {
        const calendar = ctx.calendars.get(id);
        return calendar ? [calendar] : [];
      }),
      my_status: myStatusOf(instance, ctx.viewer.member_id),
      user_can_opt: config.user_can_opt,
      show_participants_to_admins_only: config.show_participants_to_admins_only,
      canceled: instance.canceled,
      has_meeting: hasMeeting(instance.fields),
    },
    ctx.viewer,
  );
};

const STATUS_ORDER: Record<ParticipantStatus, number> = { accepted: 0, declined: 1, rejected: 1, invited: 2 };

/** accepted, then declined or rejected, then invited; then by name */
export const sortParticipants = <P extends { status: ParticipantStatus; name: string }>(participants: readonly P[]): P[] =>
  [...participants].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.name.localeCompare(b.name));

const toParticipantDto = (
  participant: ParticipantState,
  member: MemberDocument | undefined,
  roles: readonly MembershipRoleDocument[],
  viewerId: string,
): ParticipantDto => {
  const name = member ? displayNameOf(member) : displayNameOf({ first_name: '', last_name: '', deleted: true });
  return {
    id: participant.member_id === viewerId ? 'me' : participant.member_id,
    status: participant.status,
    roles: roles.map((role) => ({ id: role._id, name: role.name, plural_name: role.plural_name, display_type: role.display_type })),
    membership: {
      id: participant.member_id,
      name,
      path: `/members/${participant.member_id}`,
      images: member ? memberImagesOf(member) : { small: null, large: null },
      first_name: member && !member.deleted ? member.first_name : '',
      last_name: member && !member.deleted ? member.last_name : '',
      detection_profile_field: null,
      is_external: member?.roles.external ?? false,
      upn: null,
      show_add_upn_link: false,
    },
  };
};

const sameDay = (start: string, end: string, timeZone: string): boolean => {
  const day = (iso: string): string => {
    try {
      return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
    } catch {
      return iso.slice(0, 10);
    }
  };
  // an end exactly at midnight still belongs to the day before
  return day(start) === day(new Date(Math.max(Date.parse(start), Date.parse(end) - 1)).toISOString());
};

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const mapsUrlOf = (location: AppointmentDto['location']): string | null => {
  const address = [location.address1, location.address2, location.zip, location.city, location.country].filter((part) => part.trim() !== '');
  return address.length === 0 ? null : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.join(', '))}`;
};

export const typeOf = (instance: AppointmentInstance): AppointmentType => (instance.doc.recurring ? 'recurring_appointment' : 'appointment');

export interface AppointmentDtoOptions {
  /** the detail page: participants, my invite, neighbours; the lists leave them out */
  detail: boolean;
  members?: ReadonlyMap<string, MemberDocument>;
  roles?: ReadonlyMap<string, MembershipRoleDocument[]>;
}

export const toAppointmentDto = (instance: AppointmentInstance, ctx: AppointmentReadContext, options: AppointmentDtoOptions): AppointmentDto => {
  const { doc, fields } = instance;
  const members = options.members ?? new Map<string, MemberDocument>();
  const can = abilitiesOf(instance, ctx);
  const calendars = visibleCalendarsOf(ctx, fields.calendar_ids);
  const accepted = instance.participants.filter((p) => p.status === 'accepted').length;
  const neighbours = options.detail ? neighboursOf(instance, ctx.now) : { previous: null, next: null, next_date: null };
  const viewerId = ctx.viewer.member_id;
  const shown = can.show_attendees ? instance.participants : instance.participants.filter((p) => p.member_id === viewerId);
  const participants = options.detail
    ? sortParticipants(shown.map((p) => ({ ...p, name: memberRef(members.get(p.member_id), p.member_id).name }))).map((p) =>
        toParticipantDto(p, members.get(p.member_id), options.roles?.get(p.member_id) ?? [], viewerId),
      )
    : [];
  const myInvite = options.detail
    ? (invitesOfMember(doc, viewerId, ctx.now).find((source) => source.target_id === instance.id || source.target_id === doc._id) ?? null)
    : null;
  const location = { ...fields.location, maps_url: null as string | null };
  location.maps_url = mapsUrlOf(location);
  const waitlist = doc.waitlist.map((id) => memberRef(members.get(id), id));
  const position = doc.waitlist.indexOf(viewerId);
  const lastAuthor = instance.state?.modified_by ?? doc.last_author_id;
  return {
    id: instance.id,
    recurring_appointment_id: instance.occurrence ? doc._id : null,
    name: fields.name,
    description: fields.description,
    description_rendered: escapeHtml(fields.description).replace(/\r?\n/g, '<br>'),
    type: typeOf(instance),
    calendar_ids: fields.calendar_ids,
    calendars: calendars.map((calendar) => ({ id: calendar._id, name: calendar.name, color: calendar.color })),
    unknown_calendars: fields.calendar_ids.length - calendars.length,
    date: { ...fields.date, start: instance.start, end: instance.end, same_day: sameDay(instance.start, instance.end, fields.date.time_zone) },
    recurrence_pattern: { ...doc.fields.recurrence_pattern, recurrence_unit: doc.fields.recurrence_pattern.recurrence_unit ?? null },
    next_occurrence_date: neighbours.next_date,
    next_occurrence_url: neighbours.next ? `/appointments/${neighbours.next}` : null,
    previous_occurrence_url: neighbours.previous ? `/appointments/${neighbours.previous}` : null,
    recurring_appointment_url: instance.occurrence ? `/appointments/${doc._id}` : null,
    meeting: fields.meeting,
    location,
    participants,
    invited_consumers: 0,
    my_invite: myInvite ? toInviteDto(myInvite, members, ctx.now) : null,
    event_files: fields.event_file_ids.map((id) => ({ id, name: id, url: `/api/storage/files/${encodeURIComponent(id)}` })),
    event_image: fields.event_image_id ? { large_thumb: `/api/storage/files/${encodeURIComponent(fields.event_image_id)}` } : null,
    teams_configuration: {
      ...fields.teams_configuration,
      join_url: fields.teams_configuration.teams_sync_enabled && fields.meeting.join_url ? fields.meeting.join_url : null,
      teams_event: fields.teams_configuration.teams_sync_enabled,
      teams_only_participants_count: 0,
    },
    category: fields.category,
    consultants: [],
    contacts: fields.contacts.map((id) => {
      const ref = memberRef(members.get(id), id);
      return { name: ref.name, path: ref.path };
    }),
    organizer: fields.organizer,
    author: doc.author_id ? memberRef(members.get(doc.author_id), doc.author_id) : null,
    generic_author: null,
    last_author: lastAuthor ? memberRef(members.get(lastAuthor), lastAuthor) : null,
    created_at: doc.created_at,
    updated_at: instance.state?.modified_at ?? doc.updated_at,
    attendee_configuration: fields.attendee_configuration,
    attending_participants_count: accepted,
    total_attendees_enforced_and_exceeded: attendeeLimitReached(fields.attendee_configuration, accepted),
    waitlist: can.show_attendees ? waitlist : [],
    my_waitlist_position: position < 0 ? null : position + 1,
    application_configuration: fields.application_configuration,
    is_event: fields.is_event,
    canceled: instance.canceled,
    cancel_prohibited_reason: instance.canceled ? 'already_canceled' : null,
    has_meeting: hasMeeting(fields),
    can,
  };
};

/** members and roles an appointment's detail refers to */
export const loadDetailRefs = async (
  ctx: AppointmentReadContext,
  instance: AppointmentInstance,
): Promise<Pick<AppointmentDtoOptions, 'members' | 'roles'>> => {
  const { doc, fields } = instance;
  const ids = [
    ...instance.participants.map((p) => p.member_id),
    ...instance.participants.flatMap((p) => (p.invited_by ? [p.invited_by] : [])),
    ...doc.waitlist,
    ...fields.contacts,
    ...(doc.author_id ? [doc.author_id] : []),
    ...(doc.last_author_id ? [doc.last_author_id] : []),
    ...(instance.state?.modified_by ? [instance.state.modified_by] : []),
  ];
  const [members, allRoles] = await Promise.all([loadMembers(ctx.store, ids), rolesOfMembers(ctx.store, instance.participants.map((p) => p.member_id))]);
  // roles of the network and of the groups whose calendars hold the appointment
  const groupIds = new Set(fields.calendar_ids.flatMap((id) => ctx.calendars.get(id)?.parent_id ?? []));
  const roles = new Map([...allRoles].map(([memberId, list]) => [memberId, list.filter((role) => role.group_id === null || groupIds.has(role.group_id))]));
  return { members, roles };
};
