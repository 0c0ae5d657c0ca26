import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../api/client';
import { filesApi } from '../files/files-api';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession } from '../session/SessionContext';
import type { PickedFile } from './MessageFilePicker';

/**
 * a file on its way into a message: uploading (with its progress), ready (uploaded, volatile; or picked from
 * the files area) or failed
 */
export interface DraftAttachment {
  clientId: string;
  /** an upload of this composer, or an existing file picked from the files area (never deleted with its removal) */
  source: 'upload' | 'picked';
  name: string;
  size: number;
  progress: number;
  state: 'uploading' | 'ready' | 'failed';
  id: string | null;
  errorKey: string | null;
}

/** the message may be sent once no file is still uploading; failed ones are left out */
export const attachmentsSettled = (drafts: readonly Pick<DraftAttachment, 'state'>[]): boolean => drafts.every((draft) => draft.state !== 'uploading');
export const attachmentIds = (drafts: readonly DraftAttachment[]): string[] => drafts.flatMap((draft) => (draft.state === 'ready' && draft.id ? [draft.id] : []));

/**
 * The composer's attachments: files are uploaded into the member's own space at once (the files module's
 * upload route) with their progress, and may be removed before sending (the upload is discarded). A
 * forward's files are listed as carried on.
 */
export const useDraftAttachments = (initial: readonly DraftAttachment[] = []) => {
  const { api } = useSession();
  const { i18n } = useTranslation();
  // what is being edited carries files already: they start as picked ones (their removal deletes nothing)
  const [drafts, setDrafts] = useState<DraftAttachment[]>(() => [...initial]);
  const counter = useRef(0);
  const files = filesApi(api);
  const patch = (clientId: string, change: Partial<DraftAttachment>) => setDrafts((all) => all.map((draft) => (draft.clientId === clientId ? { ...draft, ...change } : draft)));
  const add = (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      counter.current += 1;
      const clientId = `attachment-${counter.current}`;
      setDrafts((all) => [...all, { clientId, source: 'upload', name: file.name, size: file.size, progress: 0, state: 'uploading', id: null, errorKey: null }]);
      files.upload(file, (progress) => patch(clientId, { progress })).then(
        (answer) => patch(clientId, { state: 'ready', progress: 1, id: answer.id }),
        (error: unknown) =>
          patch(clientId, {
            state: 'failed',
            errorKey: refusalMessageKey(i18n, (error as { body?: { errors?: Array<{ key: string }> } }).body?.errors?.[0]?.key ?? errorKeyOf(error), ['files.errors']),
          }),
      );
    }
  };
  /** existing files picked from the files area: attached as they are, each once */
  const pick = (picked: readonly PickedFile[]) => {
    setDrafts((all) => {
      const have = new Set(all.flatMap((draft) => (draft.id ? [draft.id] : [])));
      const added = picked.filter((file) => !have.has(file.id)).map((file): DraftAttachment => {
        counter.current += 1;
        return { clientId: `attachment-${counter.current}`, source: 'picked', name: file.name, size: file.size, progress: 1, state: 'ready', id: file.id, errorKey: null };
      });
      return [...all, ...added];
    });
  };
  const remove = (draft: DraftAttachment) => {
    setDrafts((all) => all.filter((other) => other.clientId !== draft.clientId));
    // an upload was the member's own, in no folder: it goes with its removal; a picked file stays where it is
    if (draft.source === 'upload' && draft.id) void files.removeFile(draft.id).catch(() => undefined);
  };
  /** the server refused the attachment at this index of the ids sent (`attachments.N`): the file says so */
  const refuse = (index: number, errorKey: string) => {
    const refusedId = attachmentIds(drafts)[index];
    if (refusedId) setDrafts((all) => all.map((draft) => (draft.id === refusedId ? { ...draft, errorKey } : draft)));
  };
  /** the drafts went out with what was sent: forgotten here, their files kept */
  const clear = () => setDrafts([]);
  return { drafts, add, pick, remove, refuse, clear };
};
