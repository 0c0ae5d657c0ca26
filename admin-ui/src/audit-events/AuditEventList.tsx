import { Datagrid, List, NumberField, TextField } from 'react-admin';
import { WhenField } from './WhenField';
import { auditEventsFilters } from './audit-eventsFilters';
import { AuditEventData } from './AuditEventData';

/** Every recorded event, newest first, for auditors and network administrators. */
export const AuditEventList = () => (
  <List filters={auditEventsFilters} sort={{ field: 'position', order: 'DESC' }} perPage={25}>
    <Datagrid expand={<AuditEventData />} rowClick="expand" bulkActionButtons={false}>
      <NumberField source="position" />
      <WhenField label="resources.audit-events.fields.when" sortBy="when" />
      <TextField source="who.name" label="resources.audit-events.fields.who" sortable={false} />
      <TextField source="type" />
      <TextField source="stream" />
    </Datagrid>
  </List>
);
