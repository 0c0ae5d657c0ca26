import {
  DEFAULT_NETWORK_ID,
  DEFAULT_NETWORK_SETTINGS,
  appointmentEvents,
  DELETED_MEMBER_NAME,
  eventOf,
  memberEvents,
  memberAdministrationEvents,
  memberProfileEvents,
  networkSettingsEvents,
  type MemberRoles,
  type NetworkSettings,
} from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * What the command side needs to authorize and find a member by address; personal data arrives revealed.
 * No credential: password hashes stay sealed in the member's stream (auth/credentials.ts).
 */
export interface LookupMember extends ProjectedDocument {
  /** lowercased; '' once erased */
  email: string;
  first_name: string;
  last_name: string;
  roles: MemberRoles;
  erased: boolean;
  /** locked by an administrator: no session, no sign-in */
  locked?: boolean;
}

export interface LookupNetwork extends ProjectedDocument {
  settings: NetworkSettings;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

export const lookupMembersProjection: Projection<LookupMember> = {
  name: 'command_lookup_members',
  version: 2,
  eventTypes: ['MemberRegistered', 'MemberRolesChanged', 'MemberErased', 'MemberProfileChanged', 'MemberLocked', 'MemberUnlocked'],
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (doc, recorded) => {
    const profile = eventOf(memberProfileEvents, recorded);
    if (profile?.type === 'MemberProfileChanged') {
      return doc && !doc.erased ? { ...doc, first_name: asText(profile.data.first_name), last_name: asText(profile.data.last_name) } : doc;
    }
    const administration = eventOf(memberAdministrationEvents, recorded);
    if (administration) return doc ? { ...doc, locked: administration.type === 'MemberLocked' } : doc;
    const event = eventOf(memberEvents, recorded);
    switch (event?.type) {
      case 'MemberRegistered':
        return {
          _id: event.data.member_id,
          email: asText(event.data.email).trim().toLowerCase(),
          first_name: asText(event.data.first_name),
          last_name: asText(event.data.last_name),
          roles: event.data.roles,
          erased: false,
        };
      case 'MemberRolesChanged':
        return doc ? { ...doc, roles: event.data.roles } : null;
      case 'MemberErased':
        return doc
          ? { ...doc, email: '', first_name: DELETED_MEMBER_NAME, last_name: '', erased: true }
          : null;
      default:
        return doc;
    }
  },
};

export const lookupNetworkProjection: Projection<LookupNetwork> = {
  name: 'command_lookup_network',
  version: 1,
  eventTypes: ['NetworkBasicSettingsChanged', 'NetworkJoinSettingsChanged', 'NetworkMemberSettingsChanged', 'NetworkMailSettingsChanged'],
  documentIds: (event) => [(event.data as { network_id?: string }).network_id ?? DEFAULT_NETWORK_ID],
  evolve: (doc, recorded, id) => {
    const event = eventOf(networkSettingsEvents, recorded);
    const settings = doc?.settings ?? DEFAULT_NETWORK_SETTINGS;
    switch (event?.type) {
      case 'NetworkBasicSettingsChanged':
        return { _id: id, settings: { ...settings, basic: event.data.basic } };
      case 'NetworkJoinSettingsChanged':
        return { _id: id, settings: { ...settings, join: event.data.join } };
      case 'NetworkMemberSettingsChanged':
        return { _id: id, settings: { ...settings, member: event.data.member } };
      case 'NetworkMailSettingsChanged':
        return { _id: id, settings: { ...settings, mail: event.data.mail } };
      default:
        return doc;
    }
  },
};

/** the calendars each appointment (series) is in, so that a deleted calendar's appointments can be found */
export interface LookupAppointment extends ProjectedDocument {
  calendar_ids: string[];
}

export const lookupAppointmentsProjection: Projection<LookupAppointment> = {
  name: 'command_lookup_appointments',
  version: 1,
  eventTypes: ['AppointmentCreated', 'AppointmentUpdated', 'AppointmentDeleted'],
  documentIds: (event) => [(event.data as { appointment_id: string }).appointment_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(appointmentEvents, recorded);
    switch (event?.type) {
      case 'AppointmentCreated':
      case 'AppointmentUpdated':
        return { _id: id, calendar_ids: event.data.appointment.calendar_ids };
      case 'AppointmentDeleted':
        // an occurrence taken out of its series leaves the series where it is
        return event.data.occurrence_start === null ? null : doc;
      default:
        return doc;
    }
  },
};
