import { AutocompleteArrayInput, ReferenceArrayInput, type AutocompleteArrayInputProps } from 'react-admin';

const searchByName = (text: string) => ({ q: text });

/** Groups chosen by name (the groups resource's search); the form keeps their ids. */
export const GroupsReferenceArrayInput = ({ source, ...props }: AutocompleteArrayInputProps & { source: string }) => (
  <ReferenceArrayInput source={source} reference="groups" perPage={20}>
    <AutocompleteArrayInput optionText="name" filterToQuery={searchByName} fullWidth {...props} />
  </ReferenceArrayInput>
);
