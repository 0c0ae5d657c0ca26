/** The groups' limits and realtime names, apart from their schemas: a console page needing one does not load zod. */
export const GROUP_NAME_MAX = 100;
export const GROUP_TEASER_MAX = 300;
export const GROUP_DESCRIPTION_MAX = 5000;
export const GROUP_MESSAGE_MAX = 2000;
export const GROUP_CATEGORY_COLOR_DEFAULT = '1976d2';
/** directory tabs: groups per page */
export const GROUP_DIRECTORY_PAGE_SIZE = 20;
/** the group invites list (GET /api/v1/group_invites), §9 invites list limit */
export const GROUP_INVITES_LIMIT = 50;
/** what the console's open group pages watch on the realtime channel */
export const GROUPS_TOPIC = 'groups';
/** the collection name of group pushes (`{ type: 'changed', collection: 'groups', id: group id, doc: { position } }`) */
export const GROUPS_COLLECTION = 'groups';
/** the realtime collection a group category's change arrives as (the directory tabs, the administration navigation) */
export const GROUP_CATEGORIES_COLLECTION = 'group_categories';
