/** Business constants of the specifications' sections 9. */
export const NETWORK_LANGUAGES = ['de', 'de_DU', 'en', 'es', 'fr'] as const;
export const UI_LANGUAGES = ['de', 'en', 'es', 'fr'] as const;
export const ZOOM_LEVELS = [0, 3, 6, 10, 15] as const;
export const MAP_THEMES = ['alidade_smooth', 'alidade_smooth_dark', 'osm_bright', 'outdoors'] as const;
export const DIGEST_UPCOMING_APPOINTMENTS_MIN = 0;
export const DIGEST_UPCOMING_APPOINTMENTS_MAX = 30;
export const DIGEST_TIMES = ['am', 'pm', 'lpm'] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const DAILY_DIGEST_MODES = ['new', 'new_and_updated'] as const;
export const STATUS_TEXT_MAX = 100;
export const PRESENCE_TYPES = ['online', 'busy', 'invisible'] as const;
export const SHOW_ONLINE_STATUS = ['disabled', 'optional', 'enabled'] as const;
export const TWO_FACTOR_MODES = ['disabled', 'enabled', 'enforced'] as const;
export const ANONYMIZE_MODES = ['enabled', 'after_days', 'disabled'] as const;
export const MESSAGE_PAGE_SIZE = 10;
export const INVITES_PAGE_SIZE = 50;
export const PARTICIPATIONS_PAGE_SIZE = 20;
export const DIRECTORY_SEARCH_DEBOUNCE_MS = 375;
export const SEARCH_INPUT_DEBOUNCE_MS = 300;
export const DIRECTORY_TOO_LARGE = 5000;
export const UNREAD_BADGE_CAP = 99;
export const FLASH_DISMISS_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 768;
export const DEFAULT_BREAKPOINT_PX = 1024;
export const PAGINATION_WINDOW = 2;
export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 1000;
/** how long a query carrying X-Consistency-Position waits for the read model */
export const CONSISTENCY_WAIT_MS = 5000;
/** Fallbacks when personal data can no longer be read (erased member) or a reference is unknown. */
export const DELETED_MEMBER_NAME = 'deleted_member';
export const UNKNOWN_GROUP = 'unknown_group';
export const UNKNOWN_ROLE = 'unknown_role';
export const DEFAULT_NETWORK_ID = 'default';
