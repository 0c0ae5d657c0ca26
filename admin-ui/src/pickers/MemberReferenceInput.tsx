import { AutocompleteInput, ReferenceInput, type AutocompleteInputProps } from 'react-admin';

/** The members list searches names and emails with `q` (GET /administration/members?filter={"q":…}). */
const searchByName = (text: string) => ({ q: text });

interface MemberReferenceInputProps extends Omit<AutocompleteInputProps, 'source'> {
  source: string;
  alwaysOn?: boolean;
}

/**
 * A member chosen by name instead of an id typed by hand: the administrator types part of a name,
 * picks the member, and the form keeps the member's id.
 */
export const MemberReferenceInput = ({ source, alwaysOn: _alwaysOn, ...props }: MemberReferenceInputProps) => (
  <ReferenceInput source={source} reference="members" sort={{ field: 'name', order: 'ASC' }} perPage={20}>
    <AutocompleteInput optionText="name" filterToQuery={searchByName} {...props} />
  </ReferenceInput>
);
