import { useMemo } from 'react';
import { ScopeNavigationEditor } from '../navigation/ScopeNavigationEditor';
import { scopeAdministrationApi } from '../navigation/scope-administration-api';
import { useSession } from '../session/SessionContext';
import { categoryAdministrationRoot } from './category-administration-queries';
import { useAdministeredCategory } from './CategoryAdministration';

/** …/navigation: the category's navigation; its administrators edit it, auditors read it */
export const CategoryNavigationPage = () => {
  const category = useAdministeredCategory();
  const { api } = useSession();
  const root = categoryAdministrationRoot(category.slug);
  const calls = useMemo(() => scopeAdministrationApi(api, root), [api, root]);
  return <ScopeNavigationEditor root={root} calls={calls} readOnly={!category.can.administrate} title="group_category_administration.tabs.navigation" testId="category" />;
};
