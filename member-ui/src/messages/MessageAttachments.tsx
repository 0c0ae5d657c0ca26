import { formatFileSize, MESSAGE_ATTACHMENTS_MAX, truncateFileName, type MessageAttachmentDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftAttachment } from './draft-attachments';
import { MessageFilePicker, type PickedFile } from './MessageFilePicker';

// the drafts' state lives apart from the field, so a composer can keep it without loading the field
export { attachmentIds, attachmentsSettled, useDraftAttachments, type DraftAttachment } from './draft-attachments';

export const AttachmentsField = ({
  drafts,
  carried,
  onAdd,
  onPick,
  onRemove,
  error,
}: {
  drafts: DraftAttachment[];
  carried: MessageAttachmentDto[];
  onAdd: (files: FileList | null) => void;
  /** 'choose from files' (absent: only uploads are offered) */
  onPick?: (files: PickedFile[]) => void;
  onRemove: (draft: DraftAttachment) => void;
  error?: string;
}) => {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const full = drafts.length + carried.length >= MESSAGE_ATTACHMENTS_MAX;
  return (
    <div className="form-field message-attachments" data-testid="message-attachments-field">
      <label className="form-field__label">
        {t('messages.attachments.add')}
        <input type="file" multiple disabled={full} data-testid="message-attachment-input" onChange={(event) => { onAdd(event.target.files); event.target.value = ''; }} />
      </label>
      {onPick ? (
        <button type="button" className="button" disabled={full} onClick={() => setPicking(true)} data-testid="message-attachment-choose">
          {t('messages.attachments.choose_from_files')}
        </button>
      ) : null}
      {picking && onPick ? (
        <MessageFilePicker
          attachedIds={[...drafts.flatMap((draft) => (draft.id ? [draft.id] : [])), ...carried.map((file) => file.id)]}
          room={MESSAGE_ATTACHMENTS_MAX - drafts.length - carried.length}
          onPick={(files) => {
            setPicking(false);
            onPick(files);
          }}
          onCancel={() => setPicking(false)}
        />
      ) : null}
      <ul className="file-list">
        {carried.map((file) => (
          <li key={`carried-${file.id}`} data-testid="message-attachment-carried">
            <span title={file.original_filename}>{truncateFileName(file.original_filename)}</span> <span className="muted">{formatFileSize(file.size)} · {t('messages.attachments.forwarded')}</span>
          </li>
        ))}
        {drafts.map((draft) => (
          <li key={draft.clientId} data-testid={`message-attachment-${draft.name}`} data-state={draft.state}>
            <span title={draft.name}>{truncateFileName(draft.name)}</span> <span className="muted">{formatFileSize(draft.size)}</span>{' '}
            {draft.state === 'uploading' ? <progress max={1} value={draft.progress} aria-label={t('messages.attachments.progress', { name: draft.name })} /> : null}
            <span className={`upload-state upload-state--${draft.state}`}>{t(draft.source === 'picked' ? 'messages.attachments.states.picked' : `messages.attachments.states.${draft.state}`)}</span>
            {draft.errorKey ? <span className="field-error"> {t(draft.errorKey)}</span> : null}
            <button type="button" className="button button--quiet" onClick={() => onRemove(draft)} aria-label={t('messages.attachments.remove', { name: draft.name })} data-testid="message-attachment-remove">
              ×
            </button>
          </li>
        ))}
      </ul>
      {full ? <p className="muted">{t('messages.attachments.limit', { count: MESSAGE_ATTACHMENTS_MAX })}</p> : null}
      {error ? (
        <p className="form-field__error" role="alert" data-testid="error-attachments">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
};

/** the files a message carries, each a download through the message */
export const AttachmentList = ({ attachments }: { attachments: MessageAttachmentDto[] }) => {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <section className="message-attachment-list" aria-label={t('messages.attachments.title')} data-testid="message-attachments">
      <h3>{t('messages.attachments.title')}</h3>
      <ul className="file-list">
        {attachments.map((file) => (
          <li key={file.id}>
            {file.can.download && file.thumbnail_url ? (
              <img className="file-thumbnail" src={file.thumbnail_url} alt="" width={40} height={40} loading="lazy" data-testid={`message-attachment-thumbnail-${file.original_filename}`} />
            ) : null}
            {file.can.download ? (
              <a href={file.url} download={file.original_filename} data-testid="message-attachment-link">
                {truncateFileName(file.original_filename)}
              </a>
            ) : (
              <span>{truncateFileName(file.original_filename)}</span>
            )}{' '}
            <span className="muted">{formatFileSize(file.size)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
};
