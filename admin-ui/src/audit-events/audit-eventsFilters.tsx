import { DateTimeInput, SelectInput, TextInput } from 'react-admin';
import { eventRegistry } from '@cn/contracts';

/** The filter inputs carry AuditQuery's names: stream, type, member, from, to (ISO date-times). */
const toIsoOrUndefined = (value: string | null): string | undefined =>
  value === null || value === '' ? undefined : new Date(value).toISOString();

const eventTypeChoices = [...eventRegistry.keys()].sort().map((type) => ({ id: type, name: type }));

export const auditEventsFilters = [
  <TextInput key="stream" source="stream" alwaysOn />,
  <SelectInput key="type" source="type" choices={eventTypeChoices} translateChoice={false} alwaysOn />,
  <TextInput key="member" source="member" />,
  <DateTimeInput key="from" source="from" parse={toIsoOrUndefined} />,
  <DateTimeInput key="to" source="to" parse={toIsoOrUndefined} />,
];
