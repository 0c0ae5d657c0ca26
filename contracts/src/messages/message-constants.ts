// Direct messages: the constants the member console's first script needs, kept free of zod (no schema of the
// feature comes with them into the bundle).

/** §9: message page size */
export const MESSAGES_PER_PAGE = 10;
/** the collection name of pushed changes of a member's mailbox */
export const MESSAGES_COLLECTION = 'messages';
