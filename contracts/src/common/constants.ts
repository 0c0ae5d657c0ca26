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
/**
 * Sign-in throttling (OWASP ASVS 5.0 V6.3). Failures are counted per account and address pair, per
 * account and per address; past a scope's free failures each further attempt waits
 * SIGN_IN_BACKOFF_BASE_MS, doubling per failure, never more than SIGN_IN_BACKOFF_CAP_MS. A counter is
 * forgotten SIGN_IN_FAILURE_WINDOW_MS after its last failure. The same account from the same address
 * is throttled early; the account alone and the address alone only after many more failures, and
 * neither applies to an address that signed in to that account within SIGN_IN_TRUSTED_ADDRESS_MS, so
 * that guessing from elsewhere cannot lock a member out.
 */
export const SIGN_IN_THROTTLE_SCOPES = ['account_address', 'account', 'address'] as const;
export const SIGN_IN_FREE_FAILURES = { account_address: 5, account: 20, address: 50 } as const;
export const SIGN_IN_BACKOFF_BASE_MS = 1_000;
export const SIGN_IN_BACKOFF_CAP_MS = 15 * 60_000;
export const SIGN_IN_FAILURE_WINDOW_MS = 60 * 60_000;
export const SIGN_IN_TRUSTED_ADDRESS_MS = 30 * 24 * 60 * 60_000;
export const RETRY_AFTER_HEADER = 'Retry-After';
