import { AutocompleteArrayInput, useGetOne } from 'react-admin';
import { GROUP_CATEGORIES_RECORD_ID, type GroupCategoriesRecord } from '../group-categories/group-categories-data-provider';

/** Group categories chosen by name among the network's (the group-categories resource); the form keeps their ids. */
export const GroupCategoriesInput = ({ source }: { source: string }) => {
  const { data, isPending } = useGetOne<GroupCategoriesRecord>('group-categories', { id: GROUP_CATEGORIES_RECORD_ID });
  const choices = (data?.categories ?? []).flatMap((category) => (category.id ? [{ id: category.id, name: category.plural_name || category.name }] : []));
  return <AutocompleteArrayInput source={source} choices={choices} isPending={isPending} translateChoice={false} fullWidth />;
};
