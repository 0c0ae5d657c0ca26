import { Datagrid, List, NumberField, SimpleList, TextField, useLocaleState, useTranslate } from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import type { AuditEventDto } from '@cn/contracts';
import { WhenField, browserLocaleOf } from './WhenField';
import { useAuditEventsFilters } from './audit-eventsFilters';
import { AuditEventData } from './AuditEventData';
import { SummaryField, TypeNameField } from './AuditEventFields';
import { auditSummary, eventTypeName } from './auditSummary';

/** On a phone each event is one list item: what happened, its type and when. */
const AuditEventSimpleList = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<AuditEventDto>
      primaryText={(record) => auditSummary(record, translate)}
      secondaryText={(record) => eventTypeName(record.type, translate)}
      tertiaryText={(record) => new Date(record.when).toLocaleString(browserLocaleOf(locale))}
      linkType={false}
      rowSx={() => ({ wordBreak: 'break-word' })}
    />
  );
};

/** Every recorded event, newest first, for auditors and network administrators. */
export const AuditEventList = () => {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const filters = useAuditEventsFilters();
  return (
    <List filters={filters} sort={{ field: 'position', order: 'DESC' }} perPage={25}>
      {small ? (
        <AuditEventSimpleList />
      ) : (
        <Datagrid expand={<AuditEventData />} rowClick="expand" bulkActionButtons={false}>
          <NumberField source="position" />
          <WhenField label="resources.audit-events.fields.when" sortBy="when" />
          <TypeNameField label="resources.audit-events.fields.type" sortBy="type" />
          <SummaryField label="resources.audit-events.fields.summary" sortable={false} />
          <TextField source="stream" />
        </Datagrid>
      )}
    </List>
  );
};
