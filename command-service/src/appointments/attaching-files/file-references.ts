import { DomainError } from '@cn/domain';

/** The file references an appointment's form carries. */
export interface AppointmentFileReferences {
  event_file_ids: readonly string[];
  event_image_id: string | null;
}

/**
 * Refuses an appointment that references files nobody uploaded (400 `unknown_file` on the field), so that
 * an accepted appointment never lists an attachment that leads nowhere. Files come from the files module
 * (issue 13), which records every upload; until it exists no file id is known, and an appointment can
 * reference none: `known` answers which of the ids exist.
 */
export const refuseUnknownFiles = (fields: AppointmentFileReferences, known: ReadonlySet<string>): void => {
  const attachment = fields.event_file_ids.findIndex((id) => !known.has(id));
  if (attachment >= 0) throw new DomainError('unknown_file', 'invalid', `appointment.event_file_ids.${attachment}`);
  if (fields.event_image_id !== null && !known.has(fields.event_image_id)) throw new DomainError('unknown_file', 'invalid', 'appointment.event_image_id');
};

/** What the files module has recorded as uploaded: nothing, until it is built (issue 13). */
export const NO_FILES_UPLOADED: ReadonlySet<string> = new Set<string>();
