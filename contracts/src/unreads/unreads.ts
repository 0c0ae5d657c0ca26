import { z } from 'zod';

/**
 * Unread counters of the shell (the chat spec's "unread features"): one count per feature, pushed live
 * through the realtime channel, polled only as a fallback. -1 means 'something new' without a count.
 */
export const UNREAD_FEATURES = ['Activitystreams', 'Calendars', 'Messages'] as const;
export type UnreadFeature = (typeof UNREAD_FEATURES)[number];

/** GET /unreads/features */
export type UnreadFeaturesResponse = Record<UnreadFeature, number>;
export const unreadFeaturesResponseSchema = z.object({ Activitystreams: z.number().int(), Calendars: z.number().int(), Messages: z.number().int() });

/** GET /api/v1/unreads: everything the shell counts, in one answer */
export interface UnreadsResponse {
  notifications: number;
  features: UnreadFeaturesResponse;
  activities: { total: number; streams: Array<{ slug: string; count: number }> };
  folders: number;
}
export const unreadsResponseSchema = z.object({
  notifications: z.number().int(),
  features: unreadFeaturesResponseSchema,
  activities: z.object({ total: z.number().int(), streams: z.array(z.object({ slug: z.string(), count: z.number().int() })) }),
  folders: z.number().int(),
});

/** GET /unreads/folders: unread files per folder (0 until the files module is merged) */
export interface UnreadFoldersResponse {
  total: number;
  folders: Array<{ id: string; count: number }>;
}
export const unreadFoldersResponseSchema = z.object({ total: z.number().int(), folders: z.array(z.object({ id: z.string(), count: z.number().int() })) });

/** GET /members?q=: the chat spec's member suggestion entry (the mention picker) */
export interface MemberSuggestion {
  id: string;
  displayName: string;
  detection_profile_field: string;
  is_external: boolean;
  images: { small: string | null };
}
export const memberSuggestionsQuerySchema = z.object({ q: z.string({ message: 'required' }).trim().min(1, { message: 'too_small' }).max(100, { message: 'too_long' }) });
export const memberSuggestionSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  detection_profile_field: z.string(),
  is_external: z.boolean(),
  images: z.object({ small: z.string().nullable() }),
});
