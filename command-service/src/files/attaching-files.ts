import { mayAttachFile, type FileAttachment, type FileReadFacts } from '@cn/contracts';
import { DomainError } from '@cn/domain';

/** a file a member names to attach: the version it would carry (null: no such file) and the facts of the file read rule */
export interface AttachableFile {
  attachment: FileAttachment | null;
  facts: Omit<FileReadFacts, 'attached_to_held_message'>;
}

/**
 * The one attach rule of everything a member writes (a message, a post): their own uploads and files they
 * may read (mayAttachFile). Any other id is refused alike (`unknown_attachment` at `attachments.N`), so
 * nobody learns which ids name a file. A file named twice is carried once.
 */
export const acceptAttachments = (entries: readonly AttachableFile[]): FileAttachment[] => {
  const accepted = new Map<string, FileAttachment>();
  entries.forEach((entry, index) => {
    if (!entry.attachment || !mayAttachFile(entry.facts)) throw new DomainError('unknown_attachment', 'refused', `attachments.${index}`);
    accepted.set(entry.attachment.file_id, entry.attachment);
  });
  return [...accepted.values()];
};

/** a file named in an edit: its id as named, and what attaching it anew would take */
export interface NamedAttachableFile extends AttachableFile {
  file_id: string;
}

/**
 * The files something edited carries from now on, in the order named: a file it already carries stays at
 * the version it was attached at (attaching it was decided then); any other passes the attach rule
 * (acceptAttachments), refused alike at its index. A file named twice is carried once.
 */
export const acceptEditedAttachments = (carried: readonly FileAttachment[], entries: readonly NamedAttachableFile[]): FileAttachment[] => {
  const accepted = new Map<string, FileAttachment>();
  entries.forEach((entry, index) => {
    const kept = carried.find((attachment) => attachment.file_id === entry.file_id);
    if (kept) {
      accepted.set(kept.file_id, kept);
      return;
    }
    if (!entry.attachment || !mayAttachFile(entry.facts)) throw new DomainError('unknown_attachment', 'refused', `attachments.${index}`);
    accepted.set(entry.attachment.file_id, entry.attachment);
  });
  return [...accepted.values()];
};
