import type { ActivityAttachmentDto } from '@cn/contracts';
import { lazy, Suspense, useState } from 'react';
import { useDraftAttachments, type DraftAttachment } from '../messages/draft-attachments';

/** the opened composer's chunk: the rich editor, the member picker and the uploads (ComposerForm.tsx) */
const loadForm = () => import('./ComposerForm');
const ComposerForm = lazy(async () => ({ default: (await loadForm()).ComposerForm }));
/** asked for as soon as a member points at or focuses a closed composer, so opening it rarely waits */
const preloadForm = (): void => {
  void loadForm();
};

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

export interface ComposerProps {
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
}

/**
 * The composer: collapsed to a placeholder button until opened (§4), then a rich editor (with the '@' member
 * picker) with send and cancel, and files for a new post (ComposerForm.tsx). The collapsed button is all a
 * stream's first render draws, so the form and what it needs load only when a composer opens (or is pointed
 * at): the start page's first paint does not wait for the editor's eight chunks.
 */
export const Composer = (props: ComposerProps) => {
  const { id, placeholder, initial = '', startOpen = false, carried = [] } = props;
  const [open, setOpen] = useState(startOpen);
  // the text and the files' drafts live here, not in the form: closed (cancelled) and opened again, they are there
  const [html, setHtml] = useState(initial);
  const attachments = useDraftAttachments(carried.map(carriedDraft));
  const placeholderButton = (
    <button
      type="button"
      className="composer__placeholder"
      data-testid={`${id}-open`}
      onPointerEnter={preloadForm}
      onFocus={preloadForm}
      onClick={() => setOpen(true)}
    >
      {placeholder}
    </button>
  );
  if (!open) return placeholderButton;
  // while the form's chunk comes in, the closed composer stays where it was (no jump to an empty place)
  return (
    <Suspense fallback={startOpen ? null : placeholderButton}>
      <ComposerForm {...props} html={html} setHtml={setHtml} attachments={attachments} onClose={() => setOpen(false)} />
    </Suspense>
  );
};
