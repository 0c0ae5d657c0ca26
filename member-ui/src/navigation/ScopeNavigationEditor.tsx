import type { NavigationItem } from '@cn/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { loadOf } from '../api/load';
import { LoadStatus } from '../common/LoadStatus';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useToasts } from '../toasts/Toasts';
import { navigationKeys } from './navigation-queries';
import type { ScopeAdministrationApi } from './scope-administration-api';

const emptyItem = (): NavigationItem => ({ text: '', link: '', public: false, new_window: false, navigation_items: [] });

/** the editor's reads sit under the navigation's key: a navigation saved anywhere reaches open editors live */
export const scopeNavigationKey = (root: string) => [...navigationKeys.all, 'editor', root] as const;

/** One item's fields; `path` is the item's place in the request (`navigation_items.0.navigation_items.1`), what an error names. */
const ItemFields = ({ item, path, errors, disabled, onChange, onRemove }: { item: Omit<NavigationItem, 'navigation_items'>; path: string; errors: Record<string, string>; disabled: boolean; onChange: (item: Omit<NavigationItem, 'navigation_items'>) => void; onRemove: () => void }) => {
  const { t } = useTranslation();
  return (
    <span className="field field--inline">
      <input aria-label={t('group_category_administration.navigation.text')} placeholder={t('group_category_administration.navigation.text')} value={item.text} disabled={disabled} data-testid={`${path}.text`} onChange={(event) => onChange({ ...item, text: event.target.value })} />
      <input aria-label={t('group_category_administration.navigation.link')} placeholder="/directory" value={item.link} disabled={disabled} data-testid={`${path}.link`} onChange={(event) => onChange({ ...item, link: event.target.value })} />
      {errors[`${path}.text`] ?? errors[`${path}.link`] ? <span className="field__error" role="alert">{t(errors[`${path}.text`] ?? errors[`${path}.link`] ?? '')}</span> : null}
      {disabled ? null : (
        <button type="button" className="button button--quiet" onClick={onRemove}>
          {t('group_category_administration.navigation.remove')}
        </button>
      )}
    </span>
  );
};

interface Draft {
  items: NavigationItem[];
  /** the revision the draft started from: a save in between still answers 409 though the list was read again live */
  revision: number;
}

/**
 * A scope's navigation (a group's, a group category's): items with a text and a link or children, depth 2,
 * saved at the revision the edit started from (a save in between answers 409 and the editor reads it again).
 * `testId` prefixes the test ids (`group`, `category`).
 */
export const ScopeNavigationEditor = ({ root, calls, readOnly, title, testId }: { root: string; calls: ScopeAdministrationApi; readOnly: boolean; title: string; testId: string }) => {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const toasts = useToasts();
  const navigation = useQuery({ queryKey: scopeNavigationKey(root), queryFn: calls.navigation });
  const load = loadOf(navigation);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: ({ items, revision }: Draft) => calls.saveNavigation(items, revision),
    onSuccess: () => {
      setDraft(null);
      toasts.show('success', 'group_category_administration.navigation.saved');
    },
    onError: (error) => {
      const key = error instanceof ApiError ? error.key : 'generic_error';
      if (error instanceof ApiError) setErrors(Object.fromEntries(error.body.errors.map(({ field, key: fieldKey }) => [field, refusalMessageKey(i18n, fieldKey, ['group_category_administration.errors'])])));
      if (key === 'concurrency_conflict') setDraft(null);
      toasts.show('error', refusalMessageKey(i18n, key, ['group_category_administration.errors']));
    },
    onSettled: () => client.invalidateQueries({ queryKey: scopeNavigationKey(root) }),
  });
  if (load.phase !== 'loaded') return <LoadStatus load={load} onRetry={() => void navigation.refetch()} testId={`${testId}-navigation`} />;
  const items = draft?.items ?? load.data.navigation_items;
  const revision = draft?.revision ?? load.data.revision;
  const change = (next: NavigationItem[]) => setDraft({ items: next, revision });
  const replace = (index: number, item: NavigationItem) => change(items.map((other, at) => (at === index ? item : other)));
  return (
    <form
      className="group-form"
      noValidate
      data-testid={`${testId}-navigation`}
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({});
        save.mutate({ items, revision });
      }}
    >
      <h2>{t(title)}</h2>
      {items.length === 0 ? <p className="muted" data-testid={`${testId}-navigation-empty`}>{t('group_category_administration.navigation.empty')}</p> : null}
      <ul className="group-list">
        {items.map((item, index) => (
          <li key={index} data-testid={`${testId}-navigation-item-${index}`}>
            <ItemFields item={item} path={`navigation_items.${index}`} errors={errors} disabled={readOnly} onChange={(fields) => replace(index, { ...item, ...fields })} onRemove={() => change(items.filter((_, at) => at !== index))} />
            <ul>
              {item.navigation_items.map((child, childIndex) => (
                <li key={childIndex}>
                  <ItemFields
                    item={child}
                    path={`navigation_items.${index}.navigation_items.${childIndex}`}
                    errors={errors}
                    disabled={readOnly}
                    onChange={(fields) => replace(index, { ...item, navigation_items: item.navigation_items.map((other, at) => (at === childIndex ? fields : other)) })}
                    onRemove={() => replace(index, { ...item, navigation_items: item.navigation_items.filter((_, at) => at !== childIndex) })}
                  />
                </li>
              ))}
            </ul>
            {readOnly ? null : (
              <button type="button" className="button button--quiet" onClick={() => replace(index, { ...item, navigation_items: [...item.navigation_items, { text: '', link: '', public: false, new_window: false }] })}>
                {t('group_category_administration.navigation.add_child')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {readOnly ? null : (
        <p className="group-actions">
          <button type="button" className="button button--quiet" onClick={() => change([...items, emptyItem()])} data-testid={`${testId}-navigation-add`}>
            {t('group_category_administration.navigation.add')}
          </button>
          <button type="submit" className="button" disabled={draft === null || save.isPending} data-testid={`${testId}-navigation-save`}>
            {t('group_category_administration.navigation.save')}
          </button>
        </p>
      )}
    </form>
  );
};
