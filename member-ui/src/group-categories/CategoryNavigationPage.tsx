import type { NavigationItem } from '@cn/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { loadOf } from '../api/load';
import { LoadStatus } from '../common/LoadStatus';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { categoryAdministrationApi, categoryAdministrationKeys } from './category-administration-queries';
import { useAdministeredCategory } from './CategoryAdministration';

const emptyItem = (): NavigationItem => ({ text: '', link: '', public: false, new_window: false, navigation_items: [] });

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

/**
 * …/navigation: the category's navigation (items with a text and a link or children, depth 2), saved at the
 * revision it was read at (a save in between answers 409 and the editor reads it again).
 */
export const CategoryNavigationPage = () => {
  const { t, i18n } = useTranslation();
  const category = useAdministeredCategory();
  const { api } = useSession();
  const client = useQueryClient();
  const toasts = useToasts();
  const calls = categoryAdministrationApi(api);
  const navigation = useQuery({ queryKey: categoryAdministrationKeys.navigation(category.slug), queryFn: () => calls.navigation(category.slug) });
  const load = loadOf(navigation);
  const [draft, setDraft] = useState<NavigationItem[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: ({ items, revision }: { items: NavigationItem[]; revision: number }) => calls.saveNavigation(category.slug, items, revision),
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
    onSettled: () => client.invalidateQueries({ queryKey: categoryAdministrationKeys.navigation(category.slug) }),
  });
  if (load.phase !== 'loaded') return <LoadStatus load={load} onRetry={() => void navigation.refetch()} testId="category-navigation" />;
  const items = draft ?? load.data.navigation_items;
  const readOnly = !category.can.administrate;
  const change = (next: NavigationItem[]) => setDraft(next);
  const replace = (index: number, item: NavigationItem) => change(items.map((other, at) => (at === index ? item : other)));
  return (
    <form
      className="group-form"
      noValidate
      data-testid="category-navigation"
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({});
        save.mutate({ items, revision: load.data.revision });
      }}
    >
      <h2>{t('group_category_administration.tabs.navigation')}</h2>
      {items.length === 0 ? <p className="muted" data-testid="category-navigation-empty">{t('group_category_administration.navigation.empty')}</p> : null}
      <ul className="group-list">
        {items.map((item, index) => (
          <li key={index} data-testid={`category-navigation-item-${index}`}>
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
          <button type="button" className="button button--quiet" onClick={() => change([...items, emptyItem()])} data-testid="category-navigation-add">
            {t('group_category_administration.navigation.add')}
          </button>
          <button type="submit" className="button" disabled={draft === null || save.isPending} data-testid="category-navigation-save">
            {t('group_category_administration.navigation.save')}
          </button>
        </p>
      )}
    </form>
  );
};
