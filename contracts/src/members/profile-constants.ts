/** The member pages' limits and paths, apart from their schemas: a console page needing one does not load zod. */

/** Longest first or last name a member may give. */
export const MEMBER_NAME_MAX = 100;

/** The member fields a member edits on `/members/{id}/edit` (no images yet: there is no files module). */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'birthday', 'show_age'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Where a member whose network asks for profile data at joining is sent until they give it. */
export const ONBOARDING_PATH = '/onboarding/profile';

/** The profile fields a network may have members ask administrators to change (`memberships.change_requests.profile_fields`). */
export const CHANGE_REQUEST_FIELDS = ['first_name', 'last_name', 'birthday'] as const;
export type ChangeRequestField = (typeof CHANGE_REQUEST_FIELDS)[number];

/**
 * The membership roles read model (projection-service), which the directory on the search side also
 * reads for its role badges: one name for both (a new version renames both).
 */
// version 2: slug, colours and revision of the roles manager; deleted roles leave it
export const MEMBERSHIP_ROLES_READ_MODEL = { name: 'membership_roles', version: 2 } as const;
/** the network's settings and a member's second factors: the search side's member guard reads them too (enforced two-factor) */
export const NETWORK_READ_MODEL = { name: 'network', version: 1 } as const;
// version 2: the document keeps removed factors as well (a new collection, caught up from the log)
export const TWO_FACTOR_READ_MODEL = { name: 'two_factor_factors', version: 2 } as const;
