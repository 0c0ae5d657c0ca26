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
const content = z.string({ message: 'invalid_type' }).max(PAGE_HTML_MAX, { message: 'too_long' }).transform(sanitizeHtml);
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
export const pageEvents = [PageCreated, PageEdited, PageDeleted] as const;
export type PageEvent = EventOf<(typeof pageEvents)[number]>;

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
