import { AutocompleteInput, ReferenceInput } from 'react-admin';

/** the actors list searches names with `q` (GET /administration/audit-actors?filter={"q":…}) */
const searchByName = (text: string) => ({ q: text });

interface AuditActorInputProps {
  source: string;
  label?: string;
  alwaysOn?: boolean;
}

/**
 * The member an event history is filtered by, chosen by name: auditors and administrators alike pick
 * among the members as the history's rows name them (the members list itself is the administrators').
 */
export const AuditActorInput = ({ source, label, alwaysOn: _alwaysOn }: AuditActorInputProps) => (
  <ReferenceInput source={source} reference="audit-actors" sort={{ field: 'name', order: 'ASC' }} perPage={20}>
    <AutocompleteInput optionText="name" filterToQuery={searchByName} label={label} />
  </ReferenceInput>
);
