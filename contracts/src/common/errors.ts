import { PASSWORD_ERROR_KEYS } from '../members/password-rules';
/** Error keys answered by the API (`error` and `errors[].key`), shared with both consoles' i18n. */
export const ERROR_KEYS = [
  'validation_failed',
  'required',
  'too_small',
  'too_big',
  'too_long',
  'invalid_type',
  'invalid_value',
  'invalid_format',
  'selection_required',
  'map_address_incomplete',
  'unauthenticated',
  'invalid_credentials',
  'too_many_attempts',
  'forbidden',
  'invalid_csrf_token',
  'not_found',
  'concurrency_conflict',
  'status_hidden',
  'invisible_not_allowed',
  'member_erased',
  'saving_failure',
  'generic_error',
  'unknown_field',
  'invalid_json',
  'payload_too_large',
  'service_unavailable',
  'storage_unavailable',
  'email_taken',
  'already_registered',
  'cannot_erase_self',
  'cannot_ignore_self',
  'field_locked',
  'field_not_requestable',
  'change_request_closed',
  'invalid_characters',
  'invalid_code',
  'unknown_type',
  'factor_exists',
  'member_locked',
  'cannot_lock_self',
  'two_factor_required',
  'membership_role_in_use',
  'tag_name_taken',
  'same_tag',
  'design_active',
  'too_many_devices',
  'push_endpoint_not_allowed',
  'push_disabled',
  'widget_only_in_groups',
  ...PASSWORD_ERROR_KEYS,
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number] | (string & {});

export interface FieldError {
  /** dotted path of the offending field in the request body, e.g. `mail.digests.max_upcoming_appointments` */
  field: string;
  key: ErrorKey;
  message?: string;
}

/** Body of every 4xx/5xx answer. */
export interface ErrorResponse {
  statusCode: number;
  error: ErrorKey;
  message?: string;
  errors: FieldError[];
}

/** Body of every accepted command. The same position is sent in the `X-Consistency-Position` header. */
export interface CommandAccepted {
  position: number;
}

/** The answer of every accepted command (the position is also sent as the X-Consistency-Position header). */

export const CONSISTENCY_HEADER = 'X-Consistency-Position';
/**
 * On query answers: the position every read model had reached when the answer was read (the answer holds
 * at least every event up to it). The realtime channel's `watching` message carries the same kind of
 * position, so that a console knows whether what it read before its watch began may have missed a push.
 */
export const READ_POSITION_HEADER = 'X-Read-Position';
export const CSRF_HEADER = 'X-CSRF-Token';
export const SESSION_COOKIE = 'cn_session';
