import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichEditor } from '../channels/RichEditor';
import type { useDraftAttachments } from '../messages/draft-attachments';
import { AttachmentsField, attachmentIds, attachmentsSettled } from '../messages/MessageAttachments';
import { MentionPicker } from '../notifications/MentionPicker';
import type { ComposerProps } from './Composer';

/**
 * The opened composer: a rich editor (with the '@' member picker) with send and cancel. A new post may carry
 * files (`attachable`): uploaded at once with their progress, or chosen from the files area, as the message
 * composer does; it is sent once none is uploading. Editing a post starts with the files it carries
 * (`carried`), which may be removed and added to; the files' drafts are kept by Composer, so a
 * cancelled new post has them again when reopened, as its text. Its own chunk (Composer.tsx loads it when opened): the
 * editor, the member picker and the uploads are not on the way to a stream's first paint.
 */
export const ComposerForm = ({
  id,
  placeholder,
  startOpen = false,
  attachable = false,
  pending,
  onSubmit,
  onCancel,
  html,
  setHtml,
  attachments,
  onClose,
}: ComposerProps & {
  /** the text, kept by Composer while the form is closed (a cancelled draft is there again when reopened) */
  html: string;
  setHtml: (html: string) => void;
  /** the files' drafts, kept by Composer while the form is closed */
  attachments: ReturnType<typeof useDraftAttachments>;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  // a new editor after each sent text (the editor owns its content once filled)
  const [generation, setGeneration] = useState(0);
  const settled = attachmentsSettled(attachments.drafts);
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
          if (!startOpen) onClose();
        });
      }}
    >
      <span className="visually-hidden" id={`${id}-label`}>
        {placeholder}
      </span>
      <RichEditor key={generation} id={`${id}-editor`} labelledBy={`${id}-label`} initial={html} onChange={setHtml} images />
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
            if (!startOpen) onClose();
            onCancel?.();
          }}
        >
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
};
