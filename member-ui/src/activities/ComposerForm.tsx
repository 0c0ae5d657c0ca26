import type { ActivityAttachmentDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichEditor } from '../channels/RichEditor';
import { AttachmentsField, attachmentIds, attachmentsSettled, useDraftAttachments, type DraftAttachment } from '../messages/MessageAttachments';
import { MentionPicker } from '../notifications/MentionPicker';
import type { ComposerProps } from './Composer';

/**
 * The opened composer: a rich editor (with the '@' member picker) with send and cancel. A new post may carry
 * files (`attachable`): uploaded at once with their progress, or chosen from the files area, as the message
 * composer does; it is sent once none is uploading. Editing a post starts with the files it carries
 * (`carried`), which may be removed and added to. Its own chunk (Composer.tsx loads it when opened): the
 * editor, the member picker and the uploads are not on the way to a stream's first paint.
 */
/** a file a post carries, as a draft of its edit: ready, and picked (removing it from the post deletes nothing) */
const carriedDraft = (file: ActivityAttachmentDto): DraftAttachment => ({
  clientId: `carried-${file.id}`,
  source: 'picked',
  name: file.name,
  size: file.size,
  progress: 1,
  state: 'ready',
  id: file.id,
  errorKey: null,
});

export const ComposerForm = ({
  id,
  placeholder,
  startOpen = false,
  attachable = false,
  carried = [],
  pending,
  onSubmit,
  onCancel,
  html,
  setHtml,
  onClose,
}: ComposerProps & {
  /** the text, kept by Composer while the form is closed (a cancelled draft is there again when reopened) */
  html: string;
  setHtml: (html: string) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  // a new editor after each sent text (the editor owns its content once filled)
  const [generation, setGeneration] = useState(0);
  const attachments = useDraftAttachments(carried.map(carriedDraft));
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
