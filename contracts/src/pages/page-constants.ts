// Pages: the constants the member console's shell needs (its routes and live topic), kept free of zod.

/** The read model's collection: pushed changes name it. */
export const PAGES_COLLECTION = 'pages';
/** The realtime topic an open page (and the pages list) watches. */
export const PAGES_TOPIC = 'pages';
/** Who sees a page: every member, or internal members only (external members neither see nor find it). */
export const PAGE_VISIBILITIES = ['members', 'internal'] as const;
export type PageVisibility = (typeof PAGE_VISIBILITIES)[number];
/** The page's address in the member console (also the search hit's link). */
export const pagePath = (slug: string): string => `/pages/${encodeURIComponent(slug)}`;
