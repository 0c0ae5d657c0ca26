import { NAVIGATION_STANDARD_TARGETS, navigationLinkTypesOffered, type NavigationItem, type NavigationLinkType } from '@cn/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useApps } from '../apps/apps-queries';
import { loadOf } from '../api/load';
import { LoadStatus } from '../common/LoadStatus';
import { refusalMessageKey } from '../i18n/refusal-message';
import { usePages } from '../pages/pages-queries';
import { useToasts } from '../toasts/Toasts';
import { navigationKeys } from './navigation-queries';
import type { ScopeAdministrationApi } from './scope-administration-api';

const emptyItem = (): NavigationItem => ({ text: '', link: '', link_type: 'link', target: '', public: false, new_window: false, navigation_items: [] });

/** the editor's reads sit under the navigation's key: a navigation saved anywhere reaches open editors live */
export const scopeNavigationKey = (root: string) => [...navigationKeys.all, 'editor', root] as const;

interface Choice {
  id: string;
  name: string;
}
/** what an item may link to besides a free address: the pages and apps the editor may see, the console's modules */
interface Targets {
  pages: Choice[];
  apps: Choice[];
}

type ItemOwnFields = Omit<NavigationItem, 'navigation_items'>;

/** The target picker of a page, app or module item; a target no longer offered (a deleted page) stays shown as such. */
const TargetSelect = ({ item, path, targets, disabled, invalid, onChange }: { item: ItemOwnFields; path: string; targets: Targets; disabled: boolean; invalid: boolean; onChange: (target: string) => void }) => {
  const { t } = useTranslation();
  const linkType = item.link_type ?? 'link';
  const choices: Choice[] =
    linkType === 'page' ? targets.pages : linkType === 'app' ? targets.apps : NAVIGATION_STANDARD_TARGETS.map((target) => ({ id: target, name: t(`group_category_administration.navigation.standard_links.${target}`) }));
  const target = item.target ?? '';
  const label = t(`group_category_administration.navigation.target_${linkType === 'page' ? 'page' : linkType === 'app' ? 'app' : 'standard'}`);
  return (
    <select className="field__select" aria-label={label} aria-invalid={invalid} value={target} disabled={disabled} data-testid={`${path}.target`} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('group_category_administration.navigation.choose')}</option>
      {target !== '' && !choices.some((choice) => choice.id === target) ? <option value={target}>{t('group_category_administration.navigation.missing_target')}</option> : null}
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.name}
        </option>
      ))}
    </select>
  );
};

/**
 * One item's fields; `path` is the item's place in the request (`navigation_items.0.navigation_items.1`), what an error names.
 * The link type comes first (page and app only when there are any, or when the item has it), then the address or the picker.
 */
const ItemFields = ({ item, path, errors, disabled, targets, onChange, onRemove }: { item: ItemOwnFields; path: string; errors: Record<string, string>; disabled: boolean; targets: Targets; onChange: (item: ItemOwnFields) => void; onRemove: () => void }) => {
  const { t } = useTranslation();
  const linkType = item.link_type ?? 'link';
  const offered = navigationLinkTypesOffered({ pages: targets.pages.length, apps: targets.apps.length });
  const types = offered.includes(linkType) ? offered : [...offered, linkType];
  const error = (field: string) => errors[`${path}.${field}`];
  const textError = error('text');
  const linkError = error('link') ?? error('target') ?? error('link_type');
  return (
    <span className="field field--inline">
      <input aria-label={t('group_category_administration.navigation.text')} placeholder={t('group_category_administration.navigation.text')} value={item.text} disabled={disabled} aria-invalid={textError !== undefined} data-testid={`${path}.text`} onChange={(event) => onChange({ ...item, text: event.target.value })} />
      {textError ? <span className="field__error" role="alert">{t(textError)}</span> : null}
      <select
        className="field__select"
        aria-label={t('group_category_administration.navigation.link_type')}
        value={linkType}
        disabled={disabled}
        data-testid={`${path}.link_type`}
        onChange={(event) => {
          const next = event.target.value as NavigationLinkType;
          onChange({ ...item, link_type: next, target: next === linkType ? item.target : '' });
        }}
      >
        {types.map((type) => (
          <option key={type} value={type}>
            {t(`group_category_administration.navigation.link_types.${type}`)}
          </option>
        ))}
      </select>
      {linkType === 'link' ? (
        <input aria-label={t('group_category_administration.navigation.link')} placeholder="/directory" value={item.link} disabled={disabled} aria-invalid={linkError !== undefined} data-testid={`${path}.link`} onChange={(event) => onChange({ ...item, link: event.target.value })} />
      ) : (
        <TargetSelect item={item} path={path} targets={targets} disabled={disabled} invalid={linkError !== undefined} onChange={(target) => onChange({ ...item, target })} />
      )}
      {linkError && !textError ? (
        <span className="field__error" role="alert" data-testid={`${path}.error`}>
          {t(linkError)}
        </span>
      ) : null}
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
 * each link a free address, a page, an app or a module (as admin-ui's editor; the server answers 400
 * `unknown_page` / `unknown_app` at the item's target, shown at the field), saved at the revision the edit started from (a save in between answers 409 and the editor reads it again).
 * `testId` prefixes the test ids (`group`, `category`).
 */
export const ScopeNavigationEditor = ({ root, calls, readOnly, title, testId }: { root: string; calls: ScopeAdministrationApi; readOnly: boolean; title: string; testId: string }) => {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const toasts = useToasts();
  const navigation = useQuery({ queryKey: scopeNavigationKey(root), queryFn: calls.navigation });
  const pages = usePages();
  const apps = useApps();
  const targets = useMemo<Targets>(
    () => ({ pages: (pages.data?.pages ?? []).map((page) => ({ id: page.id, name: page.title })), apps: (apps.data?.apps ?? []).map((app) => ({ id: app.id, name: app.name })) }),
    [pages.data, apps.data],
  );
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
            <ItemFields item={item} path={`navigation_items.${index}`} errors={errors} disabled={readOnly} targets={targets} onChange={(fields) => replace(index, { ...item, ...fields })} onRemove={() => change(items.filter((_, at) => at !== index))} />
            <ul>
              {item.navigation_items.map((child, childIndex) => (
                <li key={childIndex}>
                  <ItemFields
                    item={child}
                    path={`navigation_items.${index}.navigation_items.${childIndex}`}
                    errors={errors}
                    disabled={readOnly}
                    targets={targets}
                    onChange={(fields) => replace(index, { ...item, navigation_items: item.navigation_items.map((other, at) => (at === childIndex ? fields : other)) })}
                    onRemove={() => replace(index, { ...item, navigation_items: item.navigation_items.filter((_, at) => at !== childIndex) })}
                  />
                </li>
              ))}
            </ul>
            {readOnly ? null : (
              <button type="button" className="button button--quiet" onClick={() => replace(index, { ...item, navigation_items: [...item.navigation_items, { text: '', link: '', link_type: 'link', target: '', public: false, new_window: false }] })}>
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
