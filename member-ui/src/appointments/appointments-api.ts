import type {
  AddParticipantsRequest,
  AppointmentCategoriesResponse,
  AppointmentDto,
  AppointmentsMonthResponse,
  ApplyTo,
  ChangeParticipantStatusRequest,
  CommandAccepted,
  ContactAttendeesRequest,
  CreateAppointmentRequest,
  CreatedAccepted,
  MeetingRoomsResponse,
  StartMeetingResponse,
  UpdateAppointmentRequest,
} from '@cn/contracts';
import type { ApiClient } from '../api/client';

const path = (id: string): string => `/appointments/${encodeURIComponent(id)}`;

export type AppointmentScope = 'all' | 'participating';

/** Calls of the appointment screens (calendars-appointments-search.md §7). */
export const appointmentsApi = (api: ApiClient) => ({
  /** one month; the sheet gets whole ISO weeks, the list the month's days (times placed in `timeZone`) */
  month: (scope: AppointmentScope, query: { date: string; view: 'sheet' | 'list'; time_zone: string; group_slug?: string; calendar_ids?: string }) =>
    api.request<AppointmentsMonthResponse>(
      'GET',
      query.group_slug
        ? `/groups/${encodeURIComponent(query.group_slug)}/appointments`
        : scope === 'participating'
          ? '/appointments/participating'
          : '/appointments',
      { query: { date: query.date, view: query.view, type: 'month', time_zone: query.time_zone, calendar_ids: query.calendar_ids } },
    ),
  get: (id: string) => api.request<AppointmentDto>('GET', path(id)),
  create: (request: CreateAppointmentRequest) => api.request<CreatedAccepted>('POST', '/appointments', { body: request }),
  update: (id: string, request: UpdateAppointmentRequest) => api.request<CommandAccepted>('PUT', path(id), { body: request }),
  toggleLock: (id: string, locked: boolean) =>
    api.request<CommandAccepted>('PATCH', path(id), {
      body: { appointment: { attendee_configuration: { participation_locked: locked } } },
    }),
  cancel: (id: string) => api.request<CommandAccepted>('POST', `${path(id)}/cancel`),
  destroy: (id: string) => api.request<CommandAccepted>('DELETE', path(id)),
  addParticipants: (id: string, request: AddParticipantsRequest) =>
    api.request<CommandAccepted & { added?: number; skipped?: number }>('POST', `${path(id)}/participants`, { body: request }),
  changeStatus: (id: string, participantId: string, request: ChangeParticipantStatusRequest) =>
    api.request<CommandAccepted>('PUT', `${path(id)}/participants/${encodeURIComponent(participantId)}`, { body: request }),
  removeParticipant: (id: string, participantId: string, applyTo: ApplyTo) =>
    api.request<CommandAccepted>('DELETE', `${path(id)}/participants/${encodeURIComponent(participantId)}`, {
      query: { apply_to: applyTo },
    }),
  contact: (id: string, request: ContactAttendeesRequest) => api.request<CommandAccepted>('POST', `${path(id)}/contact`, { body: request }),
  joinWaitlist: (id: string) => api.request<CommandAccepted>('POST', `${path(id)}/waitlist`),
  leaveWaitlist: (id: string) => api.request<CommandAccepted>('DELETE', `${path(id)}/waitlist`),
  categories: () => api.request<AppointmentCategoriesResponse>('GET', '/appointments/categories'),
  /** rooms free or occupied in [start, end); the appointment being edited does not occupy its own room */
  reservableRooms: (query: { start: string; end: string; appointment_id?: string }) =>
    api.request<MeetingRoomsResponse>('GET', '/meeting_rooms', { query: { filter: 'reservable', ...query } }),
  startMeeting: (id: string) => api.request<StartMeetingResponse>('POST', `${path(id)}/start-meeting`),
});

export const icsUrl = (id: string): string => `${path(id)}.ics`;
export const attendeesUrl = (id: string, format: 'csv' | 'xlsx'): string => `${path(id)}/attendees.${format}`;

/**
 * Saves a download through fetch: a plain link navigation asks for HTML, and the standalone server
 * answers console routes with the console for that, while the file needs the query API.
 */
export const downloadFile = async (url: string, accept: string, fallbackName: string): Promise<void> => {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: accept } });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = name ? decodeURIComponent(name) : fallbackName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
};
