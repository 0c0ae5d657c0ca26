import { useTranslation } from 'react-i18next';

/** the member's unsent text of a chat, as a list shows it: '' when there is none (spaces only count as none) */
export const draftPreview = (text: string | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * A chat list's draft marker ("Entwurf: …" in place of the last message): the chat has an unsent text of
 * the member's, typed here or saved on another of their consoles (it follows them live). Plain text only.
 */
export const ChatDraftMarker = ({ text }: { text: string }) => {
  const { t } = useTranslation();
  return (
    <span className="chat-list__last chat-list__draft" data-testid="chat-draft-marker">
      <strong className="chat-list__draft-label">{t('chat.draft_marker')}:</strong> {text}
    </span>
  );
};
