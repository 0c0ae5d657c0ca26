import { z } from 'zod';
import type { GroupSearchHit } from '../groups/group-api';

/**
 * The global search (calendars-appointments-search.md §2 "Global search", §7 `GET {search path}.json`,
 * §9): one result module per kind of content, with hit counts, an overview of the first hits of each
 * and one module's pages.
 */
export const SEARCH_MODULES = ['activities', 'messages', 'appointments', 'files', 'folders', 'members', 'groups', 'pages', 'items', 'articles', 'tags'] as const;
export type SearchModule = (typeof SEARCH_MODULES)[number];
/** what a group's search (/groups/{slug}/search) looks through: the group's own content */
export const GROUP_SEARCH_MODULES: readonly SearchModule[] = ['activities', 'appointments', 'files', 'folders', 'members'];

/** relevance (the default), or the hits' dates newest or oldest first */
export const SEARCH_SORTS = ['score,asc', 'date,desc', 'date,asc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_OVERVIEW_HITS = 5;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_SNIPPET_LENGTH = 600;
/** how long an answer may be reused for the same viewer and query (the console's staleTime, §9) */
export const SEARCH_CACHE_SECONDS = 60;
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** more pages than anyone reads; keeps offsets within what the engines answer */
export const SEARCH_MAX_PAGE = 500;

export const globalSearchQuerySchema = z.object({
  q: z.string({ message: 'invalid_type' }).trim().max(SEARCH_QUERY_MAX_LENGTH, { message: 'too_long' }).default(''),
  module: z.enum(SEARCH_MODULES, { message: 'invalid_value' }).optional(),
  page: z.coerce
    .number({ message: 'invalid_type' })
    .int({ message: 'invalid_type' })
    .min(1, { message: 'too_small' })
    .max(SEARCH_MAX_PAGE, { message: 'too_big' })
    .default(1),
  sort_by: z.enum(SEARCH_SORTS, { message: 'invalid_value' }).default('score,asc'),
});
export type GlobalSearchQuery = z.output<typeof globalSearchQuerySchema>;

export interface SearchPersonRef {
  id: string;
  display_name: string;
  html_url: string | null;
  /** an erased member: no name (the console says "Deleted member") and no link */
  deleted: boolean;
  is_external: boolean;
  is_network_admin: boolean;
}

/** One hit: what every module shows (title, link, snippet cut at 600 characters, escaped) and the module's own details. */
export interface SearchHit {
  id: string;
  module: SearchModule;
  title: string;
  html_url: string;
  /** escaped text, at most 600 characters */
  html_content: string;
  created_at: string | null;
  /** activities: the author, the kind and where it was posted */
  activity?: { actor: SearchPersonRef; object: { type: 'note' | 'reply'; reply_count: number }; activitystreams: Array<{ slug: string; name: string; html_url: string }> };
  /** messages: the author and the members named one by one */
  message?: { author: SearchPersonRef; subject: string; to: SearchPersonRef[] };
  appointment?: {
    date: { start: string; end: string; all_day: boolean; time_zone: string };
    calendars: Array<{ id: string; name: string; color: string }>;
    type: 'appointment' | 'recurring_appointment' | 'modified_recurring_appointment';
    canceled: boolean;
  };
  /** `locked`: locked by another member now (the lock icon, §6) */
  file?: { content_type: string; size: number; group: { slug: string; name: string } | null; locked: boolean };
  member?: SearchPersonRef;
  group?: GroupSearchHit;
  /**
   * groups: the group's category (found by its name too), linking to its directory tab filtered by the
   * search term (`/directory/{categorySlug}?q=`, §2 hit links); null for a group without one
   */
  group_category?: { slug: string; name: string; html_url: string } | null;
  item?: { app_id: string; app_name: string; archived: boolean };
  /** pages: the slug, who may see it (members or internal) and when it last changed */
  page?: { slug: string; visibility: 'members' | 'internal'; updated_at: string };
  /** channel articles: the channel whose blog holds it */
  article?: { channel_id: string; channel_title: string; author: SearchPersonRef | null };
  /** tags: how many items carry it */
  tag?: { item_count: number };
}

export interface SearchModuleResult {
  module: SearchModule;
  total: number;
  hits: SearchHit[];
}

export interface GlobalSearchResponse {
  q: string;
  module: SearchModule | null;
  page: number;
  sort_by: SearchSort;
  /** the group searched in, null for the whole network */
  group: { slug: string; name: string } | null;
  /** every module the search looks through, with its hit count (the filter bar) */
  counts: Array<{ module: SearchModule; count: number }>;
  /** the overview: the first 5 hits of each module with hits; with `module`: that module's page */
  results: SearchModuleResult[];
  pagination: { page: number; per_page: number; total: number; total_pages: number } | null;
}

const personRef = z.object({
  id: z.string(),
  display_name: z.string(),
  html_url: z.string().nullable(),
  deleted: z.boolean(),
  is_external: z.boolean(),
  is_network_admin: z.boolean(),
});
/** the answer's outline for the OpenAPI document (module details are described by the types above) */
export const globalSearchResponseSchema = z.object({
  q: z.string(),
  module: z.enum(SEARCH_MODULES).nullable(),
  page: z.number().int(),
  sort_by: z.enum(SEARCH_SORTS),
  group: z.object({ slug: z.string(), name: z.string() }).nullable(),
  counts: z.array(z.object({ module: z.enum(SEARCH_MODULES), count: z.number().int() })),
  results: z.array(
    z.object({
      module: z.enum(SEARCH_MODULES),
      total: z.number().int(),
      hits: z.array(
        z
          .object({ id: z.string(), module: z.enum(SEARCH_MODULES), title: z.string(), html_url: z.string(), html_content: z.string(), created_at: z.string().nullable() })
          .extend({ member: personRef.optional() })
          .loose(),
      ),
    }),
  ),
  pagination: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int(), total_pages: z.number().int() }).nullable(),
});
