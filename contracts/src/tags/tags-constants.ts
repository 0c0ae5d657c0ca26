/** the realtime collection a change of the network's tags is pushed as (zod-free: the shell reads it) */
export const TAGS_COLLECTION = 'tags';
export const TAG_NAME_MAX = 60;
/** what one `GET /tags/find` answers at most */
export const TAG_SUGGESTIONS_MAX = 20;
