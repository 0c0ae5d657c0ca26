// The administration navigation the member console's left navigation shows: which administration screens a
// member may open, answered by the server from the same rule the routes' guards enforce (`mayCall`). Kept
// free of zod: the console's shell imports the types.
import { mayCall, type RouteAuth } from '../members/abilities';
import type { MemberRoles } from '../members/members';
import type { NetworkSettings } from '../settings/network-settings';

export type AdministrationNavigationId =
  | 'settings'
  | 'members'
  | 'change_requests'
  | 'membership_roles'
  | 'navigation'
  | 'app_navigation'
  | 'legal_texts'
  | 'imprint'
  | 'statistics'
  | 'widgetbars'
  | 'audit_events';

export interface AdministrationNavigationEntry {
  id: AdministrationNavigationId;
  /** the role the screen's API route requires: the item is offered exactly when the guard lets the member in */
  auth: Exclude<RouteAuth, 'none'>;
  /** the screen in the administration console */
  link: string;
  /** the API route the screen reads first (the abilities spec calls it for every role) */
  api: string;
}

export const ADMINISTRATION_NAVIGATION: readonly AdministrationNavigationEntry[] = [
  { id: 'settings', auth: 'admin', link: '/admin/#/settings/network', api: '/administration/settings' },
  { id: 'members', auth: 'auditor', link: '/admin/#/members', api: '/administration/members' },
  { id: 'change_requests', auth: 'admin', link: '/admin/#/change_requests', api: '/administration/change_requests' },
  { id: 'membership_roles', auth: 'auditor', link: '/admin/#/membership_roles', api: '/administration/membership_roles' },
  { id: 'navigation', auth: 'auditor', link: '/admin/#/navigation', api: '/administration/navigation.json' },
  { id: 'app_navigation', auth: 'auditor', link: '/admin/#/administration/app_navigation/edit', api: '/administration/app_navigation.json' },
  { id: 'legal_texts', auth: 'auditor', link: '/admin/#/legal_texts', api: '/administration/legal_texts' },
  { id: 'imprint', auth: 'auditor', link: '/admin/#/imprint', api: '/administration/imprint/edit' },
  { id: 'statistics', auth: 'auditor', link: '/admin/#/statistics', api: '/administration/statistics' },
  { id: 'widgetbars', auth: 'admin', link: '/admin/#/widgetbars', api: '/administration/widgetbars.json' },
  { id: 'audit_events', auth: 'auditor', link: '/admin/#/audit-events', api: '/administration/audit-events' },
];

/** one item of GET /api/v1/navigation/administration */
export interface AdministrationNavigationItem {
  id: AdministrationNavigationId;
  link: string;
}

/** what the member console's administration navigation lists: network screens, the groups and the group categories the member administers */
export interface AdministrationNavigationResponse {
  items: AdministrationNavigationItem[];
  groups: Array<{ slug: string; name: string; link: string }>;
  group_categories: Array<{ slug: string; name: string; link: string }>;
}

/** The administration screens a member with these roles may open (none for a signed-out or erased member). */
export const administrationNavigationFor = (roles: MemberRoles | null, settings: NetworkSettings): AdministrationNavigationItem[] =>
  ADMINISTRATION_NAVIGATION.filter((entry) => mayCall(entry.auth, roles, settings)).map(({ id, link }) => ({ id, link }));
