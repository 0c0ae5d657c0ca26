import { z } from 'zod';
import { sanitizeHtml } from '../channels/rich-text';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';
import { slugOfName } from '../groups/group-abilities';
import type { MemberRoles } from '../members/members';
import { PAGE_VISIBILITIES, type PageVisibility } from './page-constants';

/*
 * Pages (issue 15, "pages (/pages/{pageSlug}) as the navigation needs them"): rich-text pages an
 * administrator writes, opened from the navigation (its 'page' items) and found by the global search.
 * Every page of the network is on one stream: a slug is unique across pages, decided in one place.
 */
export const pagesStream = (): string => 'pages';

export const PAGE_TITLE_MAX = 120;
export const PAGE_SLUG_MAX = 80;
export const PAGE_HTML_MAX = 200_000;
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const title = safeText(z.string().trim().min(1, { message: 'required' }).max(PAGE_TITLE_MAX, { message: 'too_long' }), 'invalid_type');
const slug = z
  .string({ message: 'invalid_type' })
  .trim()
  .max(PAGE_SLUG_MAX, { message: 'too_long' })
  .refine((value) => value === '' || PAGE_SLUG_PATTERN.test(value), { message: 'invalid_format' });
/** sanitised on arrival: what is stored and shown never carries a script, a handler or a foreign scheme */
const content = z.string({ message: 'invalid_type' }).max(PAGE_HTML_MAX, { message: 'too_long' }).transform((html) => sanitizeHtml(html));
const visibility = z.enum(PAGE_VISIBILITIES, { message: 'invalid_value' });
const revision = z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' });

/** POST /administration/pages: an empty slug comes from the title. */
export const createPageRequestSchema = z
  .object({ title, slug: slug.default(''), content: content.default(''), visibility: visibility.default('members') })
  .strict()
  .transform((body) => ({ ...body, slug: body.slug || slugOfName(body.title).slice(0, PAGE_SLUG_MAX) || 'page' }));
export type CreatePageRequest = z.output<typeof createPageRequestSchema>;

/** PUT /administration/pages/{id}: at the revision the form was read at (409 when someone saved in between). */
export const editPageRequestSchema = z.object({ title, slug: slug.refine((value) => value !== '', { message: 'required' }), content, visibility, revision }).strict();
export type EditPageRequest = z.output<typeof editPageRequestSchema>;

const pageFields = { page_id: z.string(), title: z.string(), slug: z.string(), content: z.string(), visibility: z.enum(PAGE_VISIBILITIES) };
export const PageCreated = defineEvent('PageCreated', 1, z.object(pageFields));
export const PageEdited = defineEvent('PageEdited', 1, z.object(pageFields));
export const PageDeleted = defineEvent('PageDeleted', 1, z.object({ page_id: z.string() }));
/**
 * An earlier version's title and content made the page's newest version (a restore never rewrites history:
 * the versions in between stay). The page keeps its current slug and visibility: its address and who sees
 * it are not taken back by a restore.
 */
export const PageVersionRestored = defineEvent('PageVersionRestored', 1, z.object({ ...pageFields, restored_version: z.number().int() }));
export const pageEvents = [PageCreated, PageEdited, PageVersionRestored, PageDeleted] as const;
export type PageEvent = EventOf<(typeof pageEvents)[number]>;

/** POST /administration/pages/{id}/versions/{version}/restore: at the page's revision the history was read at (409 when it moved on). */
export const restorePageVersionRequestSchema = z.object({ revision }).strict();
export type RestorePageVersionRequest = z.output<typeof restorePageVersionRequestSchema>;
export const pageVersionParam = z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' });

/** Whether a member with these roles sees (and finds) a page of this visibility. */
export const maySeePage = (visibility: PageVisibility, roles: MemberRoles | null): boolean =>
  roles !== null && (visibility === 'members' || !roles.external || roles.network_admin);

/* ---- answers ---- */

export const pageCanSchema = z.object({ update: z.boolean(), destroy: z.boolean() });
/** GET /api/v1/pages/{slug}: the page as the member console shows it, with what the viewer may do */
export const pageDtoSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  visibility: z.enum(PAGE_VISIBILITIES),
  html_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** events of this page so far: the revision an edit form is read at */
  revision: z.number().int(),
  can: pageCanSchema,
});
export type PageDto = z.infer<typeof pageDtoSchema>;
/** GET /api/v1/pages: the pages the viewer may see (the navigation's 'pages' screen) */
export const pageListItemSchema = pageDtoSchema.omit({ content: true });
export const pagesResponseSchema = z.object({ pages: z.array(pageListItemSchema), can: z.object({ create: z.boolean() }) });
export type PagesResponse = z.infer<typeof pagesResponseSchema>;

/* ---- history ---- */

export const PAGE_VERSION_KINDS = ['created', 'edited', 'restored'] as const;
export type PageVersionKind = (typeof PAGE_VERSION_KINDS)[number];
export const PAGE_VERSION_FIELDS = ['title', 'slug', 'content', 'visibility'] as const;
export type PageVersionField = (typeof PAGE_VERSION_FIELDS)[number];

/** One version in a page's history: who made it, when, what it changed against the version before. */
export const pageVersionSummarySchema = z.object({
  /** 1 is the page as created; the newest equals the page's revision */
  version: z.number().int(),
  kind: z.enum(PAGE_VERSION_KINDS),
  /** the version a restore brought back (null otherwise) */
  restored_version: z.number().int().nullable(),
  /** the fields that differ from the version before (all of them for the first) */
  changed: z.array(z.enum(PAGE_VERSION_FIELDS)),
  /** null: made by the system; name DELETED_MEMBER_NAME: an erased member */
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  title: z.string(),
});
export type PageVersionSummary = z.infer<typeof pageVersionSummarySchema>;
/** GET /administration/pages/{id}/versions: newest first, with the revision a restore is sent at */
export const pageHistorySchema = z.object({
  page_id: z.string(),
  revision: z.number().int(),
  versions: z.array(pageVersionSummarySchema),
  can: z.object({ restore: z.boolean() }),
});
export type PageHistory = z.infer<typeof pageHistorySchema>;
/** GET /administration/pages/{id}/versions/{version}: the version as it was */
export const pageVersionDtoSchema = pageVersionSummarySchema.extend({ slug: z.string(), content: z.string(), visibility: z.enum(PAGE_VISIBILITIES), current: z.boolean() });
export type PageVersionDto = z.infer<typeof pageVersionDtoSchema>;
