import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichEditor } from '../channels/RichEditor';
import { AttachmentsField, attachmentIds, attachmentsSettled, useDraftAttachments } from '../messages/MessageAttachments';
import { MentionPicker } from '../notifications/MentionPicker';

/**
 * The composer: collapsed to a placeholder button until opened (§4), then a rich editor (with the '@' member
 * picker) with send and cancel. A new post may carry files (`attachable`): uploaded at once with their
 * progress, or chosen from the files area, as the message composer does; it is sent once none is uploading.
 */
export const Composer = ({
  id,
  placeholder,
  initial = '',
  startOpen = false,
  attachable = false,
  pending,
  onSubmit,
  onCancel,
}: {
  id: string;
  placeholder: string;
  initial?: string;
  startOpen?: boolean;
  attachable?: boolean;
  pending: boolean;
  /** the text, and the ids of the files ready to go (empty unless attachable) */
  onSubmit: (html: string, attachments: string[]) => Promise<boolean>;
  onCancel?: () => void;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(startOpen);
  const [html, setHtml] = useState(initial);
  // a new editor after each sent text (the editor owns its content once filled)
  const [generation, setGeneration] = useState(0);
  const attachments = useDraftAttachments();
  const settled = attachmentsSettled(attachments.drafts);
  if (!open) {
    return (
      <button type="button" className="composer__placeholder" data-testid={`${id}-open`} onClick={() => setOpen(true)}>
        {placeholder}
      </button>
    );
  }
  return (
    <form
      className="composer"
      data-testid={id}
      onSubmit={(event) => {
        event.preventDefault();
        if (!settled) return;
        void onSubmit(html, attachable ? attachmentIds(attachments.drafts) : []).then((sent) => {
          if (!sent) return;
          attachments.clear();
          setHtml('');
          setGeneration((value) => value + 1);
          if (!startOpen) setOpen(false);
        });
      }}
    >
      <span className="visually-hidden" id={`${id}-label`}>
        {placeholder}
      </span>
      <RichEditor key={generation} id={`${id}-editor`} labelledBy={`${id}-label`} initial={html} onChange={setHtml} />
      <MentionPicker editorId={`${id}-editor`} html={html} onChange={setHtml} />
      {attachable ? <AttachmentsField drafts={attachments.drafts} carried={[]} onAdd={attachments.add} onPick={attachments.pick} onRemove={attachments.remove} /> : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending || !settled} data-testid={`${id}-send`}>
          {t('activities.composer.send')}
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => {
            setOpen(startOpen);
            onCancel?.();
          }}
        >
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
};
