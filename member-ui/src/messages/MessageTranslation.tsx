import type { MessageTranslationResponse, TranslationLanguage } from '@cn/contracts';
import { TranslationMenu, useContentTranslation, type TranslationMenuProps } from '../translation/TranslationMenu';

/**
 * The translation of the open message: choosing a language loads it (the quick languages, the last used
 * one first, shared with the appointments' selector), another message shows the original again, and a
 * late answer for an earlier choice is dropped.
 */
export const useMessageTranslation = ({
  messageId,
  load,
  onFailure,
}: {
  messageId: string;
  load: (language: TranslationLanguage) => Promise<MessageTranslationResponse>;
  onFailure: () => void;
}) => useContentTranslation({ subject: messageId, load, onFailure });

/** The detail's 'translate' menu, and the marker with 'show original' while a translation is shown. */
export const MessageTranslationMenu = (props: TranslationMenuProps<MessageTranslationResponse>) => (
  <TranslationMenu {...props} texts="messages.translation" testId="message-translation" className="message-translation" markerClassName="muted" inline />
);
