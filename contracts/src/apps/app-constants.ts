// Apps: the constants the member console's first script needs, kept free of zod (no schema of the
// feature comes with them into the bundle).

export const APPS_COLLECTION = 'apps';
/** the realtime topic of open app pages (walls, items) */
export const APPS_TOPIC = 'apps';
