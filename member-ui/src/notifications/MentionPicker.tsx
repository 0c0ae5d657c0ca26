import { MEMBER_SUGGESTIONS_DEBOUNCE_MS, type MemberSuggestion } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/SessionContext';
import { insertMention, mentionQueryOf } from './mentions';
import { notificationsApi } from './notifications-api';
import { notificationsKeys } from './notifications-queries';

/** the value, once it has not changed for `delayMs` */
const useSettled = <T,>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/**
 * The member picker of a composer: typing '@' and a name in the editor (`editorId`) lists the matching
 * members (GET /members?q=, asked 375 ms after the last key); choosing one puts a mention in the text.
 * The mentioned member is notified by the server, only if they may see the post.
 */
export const MentionPicker = ({ editorId, html, onChange }: { editorId: string; html: string; onChange: (html: string) => void }) => {
  const { t } = useTranslation();
  const { api } = useSession();
  const typed = mentionQueryOf(html);
  const q = useSettled(typed ?? '', MEMBER_SUGGESTIONS_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: [...notificationsKeys.all, 'member-suggestions', q],
    queryFn: () => notificationsApi(api).memberSuggestions(q),
    enabled: typed !== null && q.length > 0,
    staleTime: 30_000,
  });
  if (typed === null) return null;
  const pick = (member: MemberSuggestion) => {
    const editor = document.getElementById(editorId);
    if (editor) onChange(insertMention(editor, typed, member));
  };
  const list = q === typed ? (suggestions.data ?? []) : [];
  return (
    <div className="mention-picker" data-testid="mention-picker">
      {typed.length === 0 ? <p className="muted">{t('mentions.hint')}</p> : null}
      {typed.length > 0 && suggestions.isSuccess && q === typed && list.length === 0 ? <p className="muted">{t('mentions.none')}</p> : null}
      {list.length > 0 ? (
        <ul className="mention-picker__list" role="listbox" aria-label={t('mentions.label')}>
          {list.map((member) => (
            <li key={member.id} role="option" aria-selected="false">
              <button
                type="button"
                className="mention-picker__option"
                data-testid={`mention-option-${member.id}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(member)}
              >
                {member.displayName}
                {member.is_external ? <span className="muted"> {t('mentions.external')}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
