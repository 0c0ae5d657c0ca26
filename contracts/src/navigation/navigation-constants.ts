// Navigation: the constants the member console's first script needs, kept free of zod (no schema of the
// feature comes with them into the bundle).

export const NAVIGATION_COLLECTION = 'navigations';
