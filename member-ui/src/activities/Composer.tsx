import type { ActivityAttachmentDto } from '@cn/contracts';
import { lazy, Suspense, useState } from 'react';

/** the opened composer's chunk: the rich editor, the member picker and the uploads (ComposerForm.tsx) */
const loadForm = () => import('./ComposerForm');
const ComposerForm = lazy(async () => ({ default: (await loadForm()).ComposerForm }));
/** asked for as soon as a member points at or focuses a closed composer, so opening it rarely waits */
const preloadForm = (): void => {
  void loadForm();
};

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
  const { id, placeholder, initial = '', startOpen = false } = props;
  const [open, setOpen] = useState(startOpen);
  const [html, setHtml] = useState(initial);
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
      <ComposerForm {...props} html={html} setHtml={setHtml} onClose={() => setOpen(false)} />
    </Suspense>
  );
};
