import { errorKeyOf } from '../api/client';

/** refusals the activity screens explain in their own words; anything else is the console's generic text */
const OWN = new Set(['activity_deleted', 'reply_deleted', 'forbidden', 'not_found', 'validation_failed', 'unknown_attachment']);

export const activityErrorMessage = (error: unknown): string => {
  const key = errorKeyOf(error);
  return OWN.has(key) ? `activities.errors.${key}` : 'errors.generic_error';
};
