// Membership roles: the constants the member console's first script needs, kept free of zod (no schema of the
// feature comes with them into the bundle).

/** the realtime collection a role change is announced in (pickers and role badges read it again) */
export const MEMBERSHIP_ROLES_COLLECTION = 'membership_roles';
