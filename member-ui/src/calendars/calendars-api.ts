import type { SUBSCRIPTION_COLLECTIONS, CalendarDto, CalendarsResponse, CommandAccepted, CreateCalendarRequest, CreatedAccepted, UpdateCalendarRequest } from '@cn/contracts';
import type { ApiClient } from '../api/client';

const path = (id: string): string => `/calendars/${encodeURIComponent(id)}`;

/** Calls of the calendar management screens (calendars-appointments-search.md §7). */
export const calendarsApi = (api: ApiClient) => ({
  list: () => api.request<CalendarsResponse>('GET', '/calendars'),
  ofGroup: (slug: string) => api.request<CalendarsResponse>('GET', `/groups/${encodeURIComponent(slug)}/calendars`),
  get: (id: string) => api.request<CalendarDto>('GET', path(id)),
  create: (request: CreateCalendarRequest) => api.request<CreatedAccepted>('POST', '/calendars', { body: request }),
  update: (id: string, request: UpdateCalendarRequest) => api.request<CommandAccepted>('PUT', path(id), { body: request }),
  destroy: (id: string) => api.request<CommandAccepted>('DELETE', path(id)),
  removeShare: (id: string) => api.request<CommandAccepted>('DELETE', `${path(id)}/share`),
  subscriptions: () => api.request<CalendarSubscriptions>('GET', '/calendars/subscribe'),
});

/**
 * GET /calendars/subscribe: without a token where to create one; with one the feeds, whose webcal
 * URLs carry a `{token}` placeholder (the read side keeps only the token's hash).
 */
export type CalendarSubscriptions =
  | { token: null; edit_url: string }
  | {
      token: { issued_at: string };
      edit_url: string;
      feeds: Array<{ collection: (typeof SUBSCRIPTION_COLLECTIONS)[number]; path: string; webcal_url: string }>;
    };
