import type { MemberDto } from '@cn/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedCallback } from '../common/useDebouncedCallback';
import { useSession } from '../session/SessionContext';

export interface PickedMember {
  id: string;
  name: string;
}

/** Search the member directory and pick members (participants, contacts). */
export const MemberPicker = ({ label, name, value, onChange, excludeIds = [] }: { label: string; name: string; value: PickedMember[]; onChange: (next: PickedMember[]) => void; excludeIds?: string[] }) => {
  const { t } = useTranslation();
  const { api } = useSession();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<MemberDto[]>([]);
  const search = useDebouncedCallback((q: string) => setQuery(q), 250);

  useEffect(() => {
    if (!query.trim()) {
      setResults([]);
      return undefined;
    }
    let current = true;
    api
      .directoryMembers({ q: query.trim(), page: 1, per_page: 8 })
      .then((response) => {
        if (current) setResults(response.entries);
      })
      .catch(() => {
        if (current) setResults([]);
      });
    return () => {
      current = false;
    };
  }, [api, query]);

  const taken = new Set([...value.map((member) => member.id), ...excludeIds]);
  return (
    <div className="member-picker" data-testid={`member-picker-${name}`}>
      <label htmlFor={inputId}>{label}</label>
      {value.length > 0 ? (
        <ul className="picked">
          {value.map((member) => (
            <li key={member.id} className="picked__item" data-testid="picked-member" data-member-id={member.id}>
              {member.name}
              <button type="button" className="icon-button" aria-label={t('appointments.picker.remove', { name: member.name })} onClick={() => onChange(value.filter((entry) => entry.id !== member.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input id={inputId} type="search" name={name} autoComplete="off" placeholder={t('appointments.picker.placeholder')} onChange={(event) => search.run(event.target.value)} />
      {results.length > 0 ? (
        <ul className="picker-results" role="listbox" aria-label={label}>
          {results
            .filter((member) => !taken.has(member.id))
            .map((member) => (
              <li key={member.id}>
                <button type="button" className="picker-result" data-testid="picker-result" data-member-id={member.id} onClick={() => onChange([...value, { id: member.id, name: member.displayName }])}>
                  {member.displayName}
                </button>
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
};
