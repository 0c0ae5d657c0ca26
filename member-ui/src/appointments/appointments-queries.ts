import {
  WAITLIST_PROMOTIONS_COLLECTION,
  type AddParticipantsRequest,
  type ApplyTo,
  type AppointmentDto,
  type ContactAttendeesRequest,
  type CreateAppointmentRequest,
  type ParticipantStatus,
  type TranslationLanguage,
} from '@cn/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../api/client';
import { loadOf, type Load } from '../api/load';
import { useCommand } from '../api/useCommand';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { appointmentTranslation } from './appointment-translation';
import { appointmentsApi, type AppointmentScope } from './appointments-api';

export type MonthQuery = { date: string; view: 'sheet' | 'list'; time_zone: string; group_slug?: string };

/**
 * Query keys of the appointment screens. Everything an appointment write can change sits under `all`
 * (month sheets, details of occurrences and series, the invites of ../invites), so a write reads it all again.
 */
export const appointmentsKeys = {
  all: ['appointments'] as const,
  month: (scope: AppointmentScope, query: MonthQuery) => [...appointmentsKeys.all, 'month', scope, query] as const,
  detail: (id: string) => [...appointmentsKeys.all, 'detail', id] as const,
  translation: (id: string, version: string, language: TranslationLanguage) => [...appointmentsKeys.all, 'translation', id, version, language] as const,
  categories: () => ['appointment-categories'] as const,
  reservableRooms: (query: { start: string; end: string; appointment_id?: string }) => ['meeting-rooms', 'reservable', query] as const,
};

export type AppointmentLoad = { phase: 'loading' } | { phase: 'failed'; errorKey: string } | { phase: 'loaded'; appointment: AppointmentDto };

const toAppointmentLoad = (load: Load<AppointmentDto>): AppointmentLoad => (load.phase === 'loaded' ? { phase: 'loaded', appointment: load.data } : load);

/** One appointment, occurrence or series; nothing is asked without an id. */
export const appointmentQuery = (api: ApiClient, id: string | null | undefined) =>
  queryOptions({ queryKey: appointmentsKeys.detail(id ?? ''), queryFn: () => appointmentsApi(api).get(id ?? ''), enabled: Boolean(id) });

/** One appointment (or occurrence); `reload` reads it again. */
export const useAppointment = (id: string) => {
  const { api } = useSession();
  const query = useQuery(appointmentQuery(api, id));
  const load: AppointmentLoad = toAppointmentLoad(loadOf(query));
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { load, reload };
};

/** The appointments of one month (sheet or list) of a scope or a group. */
export const useAppointmentsMonth = (scope: AppointmentScope, query: MonthQuery) => {
  const { api } = useSession();
  return useQuery({ queryKey: appointmentsKeys.month(scope, query), queryFn: () => appointmentsApi(api).month(scope, query) });
};

/** The network's appointment categories; none while they load or when they fail (the field then shows the raw id). */
export const useAppointmentCategories = (needed = true) => {
  const { api } = useSession();
  return (
    useQuery({ queryKey: appointmentsKeys.categories(), queryFn: async () => (await appointmentsApi(api).categories()).categories, enabled: needed }).data ?? []
  );
};

/** A translation of one version of an appointment, asked once per language. */
export const useLoadTranslation = (id: string, version: string) => {
  const { api } = useSession();
  const client = useQueryClient();
  return useCallback(
    (language: TranslationLanguage) =>
      client.fetchQuery({ queryKey: appointmentsKeys.translation(id, version, language), queryFn: () => appointmentTranslation(api, id, language), staleTime: Infinity }),
    [api, client, id, version],
  );
};

/** Free and occupied rooms for a span; read anew each time the span changes (rooms are booked by others too). */
export const useLoadReservableRooms = (appointmentId: string | null) => {
  const { api } = useSession();
  const client = useQueryClient();
  return useCallback(
    (span: { start: string; end: string }) => {
      const query = { ...span, ...(appointmentId ? { appointment_id: appointmentId } : {}) };
      return client.fetchQuery({
        queryKey: appointmentsKeys.reservableRooms(query),
        queryFn: async () => (await appointmentsApi(api).reservableRooms(query)).meeting_rooms,
      });
    },
    [api, appointmentId, client],
  );
};

const affects = [appointmentsKeys.all];

/** Creating an appointment or saving one (an occurrence, or the whole series). */
/**
 * Saves the form: an edit, or a new appointment with the members chosen while creating it invited right
 * after (the detail page then shows them).
 */
export const useSaveAppointment = () => {
  const { api } = useSession();
  return useCommand(async ({ id, request, invite = [] }: { id: string | null; request: CreateAppointmentRequest; invite?: readonly string[] }) => {
    const calls = appointmentsApi(api);
    if (id) {
      await calls.update(id, request);
      return { id };
    }
    const created = await calls.create(request);
    if (invite.length > 0) await calls.addParticipants(created.id, { participant: { membership_ids: [...invite], status: 'invited' }, apply_to: 'all' });
    return { id: created.id };
  }, affects);
};

/** The commands of the detail page. */
export const useAppointmentCommands = (id: string) => {
  const { api } = useSession();
  const calls = appointmentsApi(api);
  const client = useQueryClient();
  return {
    answer: useCommand((status: 'accepted' | 'declined') => calls.changeStatus(id, 'me', { participant: { status }, apply_to: 'all' }), affects),
    waitlist: useCommand((join: boolean) => (join ? calls.joinWaitlist(id) : calls.leaveWaitlist(id)), affects),
    toggleLock: useCommand((locked: boolean) => calls.toggleLock(id, locked), affects),
    cancel: useCommand(() => calls.cancel(id), affects),
    /** the page leaves at once: only the lists read again, the gone appointment is read when opened again */
    destroy: useCommand(async () => {
      const accepted = await calls.destroy(id);
      await client.invalidateQueries({ queryKey: appointmentsKeys.detail(id), refetchType: 'none' });
      return accepted;
    }, []),
    startMeeting: useCommand(() => calls.startMeeting(id), []),
  };
};

/** The commands of the participants page. */
export const useParticipantCommands = (id: string) => {
  const { api } = useSession();
  const calls = appointmentsApi(api);
  return {
    add: useCommand((request: AddParticipantsRequest) => calls.addParticipants(id, request), affects),
    changeStatus: useCommand(
      ({ participantId, status, applyTo }: { participantId: string; status: ParticipantStatus; applyTo: ApplyTo }) =>
        calls.changeStatus(id, participantId, { participant: { status }, apply_to: applyTo }),
      affects,
    ),
    remove: useCommand(({ participantId, applyTo }: { participantId: string; applyTo: ApplyTo }) => calls.removeParticipant(id, participantId, applyTo), affects),
  };
};

/** Writing to the attendees changes no read model the console shows. */
export const useContactAttendees = (id: string) => {
  const { api } = useSession();
  return useCommand((request: ContactAttendeesRequest) => appointmentsApi(api).contact(id, request), []);
};

/**
 * Pushed changes that touch appointments: an appointment document, a calendar (names and colours in the
 * sheet), or a waiting-list place that went to this member.
 */
export const appointmentsLive: LiveRoute = (message, client) => {
  const collection = baseName(message.collection);
  if (collection === 'appointments' || collection === 'calendars' || collection === WAITLIST_PROMOTIONS_COLLECTION) {
    void client.invalidateQueries({ queryKey: appointmentsKeys.all });
  }
};
