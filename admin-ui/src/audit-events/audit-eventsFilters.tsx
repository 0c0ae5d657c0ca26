import { useMemo } from 'react';
import { DateTimeInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { eventRegistry } from '@cn/contracts';
import { AuditActorInput } from '../pickers/AuditActorInput';
import { eventTypeName } from './auditSummary';

/** The filter inputs carry AuditQuery's names: stream, type, member, correlation, from, to (ISO date-times). */
const toIsoOrUndefined = (value: string | null): string | undefined =>
  value === null || value === '' ? undefined : new Date(value).toISOString();

/** Event types by their human names, in the console's language and alphabetical order. */
const EventTypeInput = ({ source }: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  const choices = useMemo(
    () =>
      [...eventRegistry.keys()]
        .map((type) => ({ id: type, name: eventTypeName(type, translate) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [translate],
  );
  return <SelectInput source={source} choices={choices} translateChoice={false} />;
};

/** The member filter picks a member by name, for auditors and administrators alike. */
export const useAuditEventsFilters = () =>
  useMemo(
    () => [
      <TextInput key="stream" source="stream" alwaysOn />,
      <EventTypeInput key="type" source="type" alwaysOn />,
      <AuditActorInput key="member" source="member" label="resources.audit-events.fields.member" />,
      <TextInput key="correlation" source="correlation" />,
      <DateTimeInput key="from" source="from" parse={toIsoOrUndefined} />,
      <DateTimeInput key="to" source="to" parse={toIsoOrUndefined} />,
    ],
    [],
  );
