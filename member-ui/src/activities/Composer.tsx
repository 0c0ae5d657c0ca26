import type { ActivityAttachmentDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichEditor } from '../channels/RichEditor';
import { AttachmentsField, attachmentIds, attachmentsSettled, useDraftAttachments, type DraftAttachment } from '../messages/MessageAttachments';
import { MentionPicker } from '../notifications/MentionPicker';

/**
 * The composer: collapsed to a placeholder button until opened (§4), then a rich editor (with the '@' member
 * picker) with send and cancel. A new post may carry files (`attachable`): uploaded at once with their
 * progress, or chosen from the files area, as the message composer does; it is sent once none is uploading.
 * Editing a post starts with the files it carries (`carried`), which may be removed and added to.
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

export const Composer = ({
  id,
  placeholder,
  initial = '',
  startOpen = false,
  attachable = false,
  carried = [],
  pending,
  onSubmit,
  onCancel,
}: {
  id: string;
  placeholder: string;
  initial?: string;
  startOpen?: boolean;
  attachable?: boolean;
  /** the files what is edited carries already (only if attachable) */
  carried?: readonly ActivityAttachmentDto[];
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
  const attachments = useDraftAttachments(carried.map(carriedDraft));
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
