import { SearchInput } from 'react-admin';

export const membersFilters = [<SearchInput key="q" source="q" alwaysOn />];
