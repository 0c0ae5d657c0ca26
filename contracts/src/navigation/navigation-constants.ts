// Navigation: the constants the member console's first script needs, kept free of zod (no schema of the
// feature comes with them into the bundle).

export const NAVIGATION_COLLECTION = 'navigations';

/**
 * The topic a signed-out visitor's public page watches on the visitors' realtime socket: a saved network
 * navigation is pushed to it (the public items are read again; the message carries no items).
 */
export const PUBLIC_NAVIGATION_TOPIC = 'public_navigation';
