import { z } from 'zod';

/*
 * Group-category administration (messages-files-admin-members-groups.md: "group-category administrators";
 * /group-categories/{slug}/administration/*): network administrators name a category's administrators,
 * who keep the category's designs, navigation and statistics and nothing else (never the network's
 * settings). The command service refuses by `groupCategoryAbilities`, the query service answers the same
 * function's result as `can` flags.
 */

export interface GroupCategoryViewer {
  member_id: string;
  network_admin: boolean;
  auditor: boolean;
}

export interface GroupCategoryCan {
  /** change the category's designs and navigation: its administrators and network administrators */
  administrate: boolean;
  /** read its administration (designs, navigation, statistics): those who administrate it, and auditors */
  view_administration: boolean;
  /** name and remove its administrators: network administrators only */
  manage_administrators: boolean;
}

export const groupCategoryAbilities = (category: { admin_ids: readonly string[] }, viewer: GroupCategoryViewer): GroupCategoryCan => {
  const administrate = viewer.network_admin || category.admin_ids.includes(viewer.member_id);
  return { administrate, view_administration: administrate || viewer.auditor, manage_administrators: viewer.network_admin };
};

/** the member console's administration of a category (the spec's route names it by slug) */
export const groupCategoryAdministrationPath = (slug: string): string => `/group-categories/${encodeURIComponent(slug)}/administration`;

/** GET /group-categories/{slugOrId}/administration: the category, its administrators and what the viewer may do */
export const groupCategoryAdministrationSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  plural_name: z.string(),
  color: z.string(),
  /** empty for anyone who may not manage them */
  administrators: z.array(z.object({ id: z.string(), name: z.string() })),
  can: z.object({ administrate: z.boolean(), view_administration: z.boolean(), manage_administrators: z.boolean() }),
});
export type GroupCategoryAdministrationDto = z.infer<typeof groupCategoryAdministrationSchema>;
