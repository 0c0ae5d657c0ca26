import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';
import { DESIGN_NAME_MAX } from './design-constants';

/*
 * Designs (issue 14, /administration/designs, a group category's /group-categories/{id}/administration/designs,
 * a group's /groups/{slug}/administration/designs): a name, the colours (primary, text on primary,
 * background) and a logo. Each scope (the network, a group category, a group) has at most one active
 * design; the member console applies the network's, on a group's pages overridden by its category's and
 * then by the group's own. A design lives on its own stream (designStream); which one is active on the scope's
 * (designScopeStream).
 */

export const DESIGN_SCOPE_TYPES = ['network', 'group_category', 'group'] as const;
export type DesignScopeType = (typeof DESIGN_SCOPE_TYPES)[number];
/** the network's scope id */
export const NETWORK_DESIGN_SCOPE_ID = 'network';

/** '#rrggbb' */
export const DESIGN_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

const designFields = {
  name: z.string(),
  primary_color: z.string(),
  primary_text_color: z.string(),
  background_color: z.string(),
  logo_url: z.string().nullable(),
};

export const DesignCreated = defineEvent('DesignCreated', 1, z.object({ design_id: z.string(), scope_type: z.enum(DESIGN_SCOPE_TYPES), scope_id: z.string(), ...designFields }));
export const DesignChanged = defineEvent('DesignChanged', 1, z.object({ design_id: z.string(), ...designFields }));
export const DesignDeleted = defineEvent('DesignDeleted', 1, z.object({ design_id: z.string() }));
/** on the scope's stream: `design_id` is now the scope's active design (null: none), instead of `previous_design_id` */
export const DesignActivated = defineEvent(
  'DesignActivated',
  1,
  z.object({ scope_type: z.enum(DESIGN_SCOPE_TYPES), scope_id: z.string(), design_id: z.string().nullable(), previous_design_id: z.string().nullable() }),
);

export const designEvents = [DesignCreated, DesignChanged, DesignDeleted, DesignActivated] as const;
export type DesignEvent = EventOf<typeof DesignCreated> | EventOf<typeof DesignChanged> | EventOf<typeof DesignDeleted>;
export type DesignScopeEvent = EventOf<typeof DesignActivated>;

const color = z
  .string({ message: 'invalid_type' })
  .trim()
  .regex(DESIGN_COLOR_PATTERN, { message: 'invalid_format' })
  .transform((value) => value.toLowerCase());
/**
 * a logo: an image of the network's storage (`/api/storage/...`); another site's address would be refused
 * by the consoles' Content-Security-Policy (img-src 'self'), so the header would show a broken image
 */
const logoUrl = z
  .string({ message: 'invalid_type' })
  .trim()
  .max(2000, { message: 'too_long' })
  .refine((value) => value === '' || /^\/api\/storage\/[\w\-./]+$/.test(value), { message: 'invalid_format' })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .default(null);

/** the storage path of an uploaded logo (POST /api/storage/files, then this path in the design) */
export const designLogoPath = (fileId: string): string => `/api/storage/files/${encodeURIComponent(fileId)}/get/logo`;
/** the uploaded file a logo names, or null for any other address */
export const designLogoFileId = (logoUrl: string | null | undefined): string | null => /^\/api\/storage\/files\/([\w-]+)\/get\/[\w\-.]+$/.exec(logoUrl ?? '')?.[1] ?? null;

/** POST …/designs and PUT …/designs/{id}: the whole design as the form holds it */
export const designRequestSchema = z
  .object({
    name: safeText(z.string().trim().min(1, { message: 'required' }).max(DESIGN_NAME_MAX, { message: 'too_long' }), 'invalid_type'),
    primary_color: color,
    primary_text_color: color,
    background_color: color,
    logo_url: logoUrl,
  })
  .strict();
export type DesignRequest = z.input<typeof designRequestSchema>;

/** PUT …/designs/{id}/activate: `active` false leaves the scope with no active design when it was this one */
export const activateDesignRequestSchema = z.object({ active: z.boolean({ message: 'invalid_type' }).default(true) }).strict();

export const designDtoSchema = z.object({
  id: z.string(),
  scope_type: z.enum(DESIGN_SCOPE_TYPES),
  scope_id: z.string(),
  name: z.string(),
  primary_color: z.string(),
  primary_text_color: z.string(),
  background_color: z.string(),
  logo_url: z.string().nullable(),
  active: z.boolean(),
  updated_at: z.string(),
});
export type DesignDto = z.infer<typeof designDtoSchema>;

/** GET /api/v1/designs/active?group={slug}: what the member console applies (the group's over the network's) */
export const activeDesignsQuerySchema = z.object({ group: z.string({ message: 'invalid_type' }).max(200, { message: 'too_long' }).optional() });
export const activeDesignsResponseSchema = z.object({ network: designDtoSchema.nullable(), group_category: designDtoSchema.nullable(), group: designDtoSchema.nullable() });
export type ActiveDesignsResponse = z.infer<typeof activeDesignsResponseSchema>;

/** the design the member console applies: the group's, else its category's, else the network's */
export const appliedDesign = (active: ActiveDesignsResponse): DesignDto | null => active.group ?? active.group_category ?? active.network;
