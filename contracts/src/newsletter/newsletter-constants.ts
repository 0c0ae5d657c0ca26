/** the realtime collection members' consoles hear when the newsletter's schedule changes (zod-free: the console's shell imports it) */
export const NEWSLETTER_COLLECTION = 'newsletter';
