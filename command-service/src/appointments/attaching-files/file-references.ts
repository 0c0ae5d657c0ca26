import { DomainError } from '@cn/domain';

/** The file references an appointment's form carries. */
export interface AppointmentFileReferences {
  event_file_ids: readonly string[];
  event_image_id: string | null;
}

/**
 * Refuses an appointment that references files nobody uploaded (400 `unknown_file` on the field), so that
 * an accepted appointment never lists an attachment that leads nowhere. Files come from the files module
 * (issue 13): `known` holds the ids that name a file the member may see (FileCommands.knownFiles).
 */
export const refuseUnknownFiles = (fields: AppointmentFileReferences, known: ReadonlySet<string>): void => {
  const attachment = fields.event_file_ids.findIndex((id) => !known.has(id));
  if (attachment >= 0) throw new DomainError('unknown_file', 'invalid', `appointment.event_file_ids.${attachment}`);
  if (fields.event_image_id !== null && !known.has(fields.event_image_id)) throw new DomainError('unknown_file', 'invalid', 'appointment.event_image_id');
};

/** every file id the form names */
export const fileIdsOf = (fields: AppointmentFileReferences): string[] => [...fields.event_file_ids, ...(fields.event_image_id === null ? [] : [fields.event_image_id])];
