import { MEMBER_SUGGESTIONS_DEBOUNCE_MS, type MemberSuggestion } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/SessionContext';

/** the value, once it has not changed for `delayMs` */
const useSettled = <T,>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

export interface MemberSuggestions {
  /** the members matching what is typed (empty while the answer is for an older query) */
  list: MemberSuggestion[];
  /** the answer for what is typed came and named nobody */
  none: boolean;
}

/**
 * The member picker's suggestions for what is typed after an '@' (null: no picker): GET /members?q=,
 * asked 375 ms after the last key. Shared by every composer that mentions (activities, chat).
 */
export const useMemberSuggestions = (typed: string | null): MemberSuggestions => {
  const { api } = useSession();
  const q = useSettled(typed ?? '', MEMBER_SUGGESTIONS_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: ['member-suggestions', q],
    queryFn: () => api.request<MemberSuggestion[]>('GET', '/members', { query: { q } }),
    enabled: typed !== null && q.length > 0,
    staleTime: 30_000,
  });
  const current = typed !== null && typed.length > 0 && q === typed;
  const list = current ? (suggestions.data ?? []) : [];
  return { list, none: current && suggestions.isSuccess && list.length === 0 };
};

/**
 * The picker's list: a hint while only '@' is typed, "nobody" when no member matches, else the members
 * (mouse; `active` is the one the keyboard is on, when the composer drives it).
 */
export const MemberSuggestionList = ({
  typed,
  suggestions,
  active = -1,
  onPick,
  className = '',
  listId,
}: {
  typed: string;
  suggestions: MemberSuggestions;
  active?: number;
  onPick: (member: MemberSuggestion) => void;
  className?: string;
  listId?: string;
}) => {
  const { t } = useTranslation();
  return (
    <div className={`mention-picker ${className}`.trim()} data-testid="mention-picker">
      {typed.length === 0 ? <p className="muted">{t('mentions.hint')}</p> : null}
      {suggestions.none ? <p className="muted">{t('mentions.none')}</p> : null}
      {suggestions.list.length > 0 ? (
        <ul className="mention-picker__list" role="listbox" id={listId} aria-label={t('mentions.label')}>
          {suggestions.list.map((member, index) => (
            <li key={member.id} role="option" id={listId ? `${listId}-${index}` : undefined} aria-selected={index === active}>
              <button
                type="button"
                tabIndex={listId ? -1 : undefined}
                className={`mention-picker__option${index === active ? ' mention-picker__option--active' : ''}`}
                data-testid={`mention-option-${member.id}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onPick(member)}
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
