import { Datagrid, FilterButton, List, NumberField, SimpleList, TopToolbar, useListContext, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Link, useMediaQuery, type Theme } from '@mui/material';
import type { AuditEventDto } from '@cn/contracts';
import { AUDIT_EXPORT_API, entityHistoryPath } from './paths';
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

/** the stream, linked to that entity's history with the fields each event changed */
const StreamField = (_props: { label?: string; sortBy?: string }) => {
  const record = useRecordContext<AuditEventDto>();
  if (!record) return null;
  return (
    <Link component={RouterLink} to={entityHistoryPath(record.stream)} onClick={(event) => event.stopPropagation()} data-testid="stream-history">
      {record.stream}
    </Link>
  );
};

/** what the list shows (its filter) as NDJSON, oldest first, downloaded as the server streams it */
const ExportNdjsonButton = () => {
  const translate = useTranslate();
  const list: { filterValues?: Record<string, unknown> } = useListContext();
  const filterValues = list.filterValues ?? {};
  const query = new URLSearchParams(
    Object.entries(filterValues).flatMap(([key, value]) => (typeof value === 'string' && value !== '' ? [[key, value]] : [])),
  );
  return (
    <Button size="small" startIcon={<DownloadIcon />} href={`${AUDIT_EXPORT_API}?${query.toString()}`} data-testid="export-ndjson">
      {translate('cn.audit.export')}
    </Button>
  );
};

const AuditListActions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportNdjsonButton />
  </TopToolbar>
);

/** Every recorded event, newest first, for auditors and network administrators. */
export const AuditEventList = () => {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const filters = useAuditEventsFilters();
  return (
    <List filters={filters} actions={<AuditListActions />} sort={{ field: 'position', order: 'DESC' }} perPage={25}>
      {small ? (
        <AuditEventSimpleList />
      ) : (
        <Datagrid expand={<AuditEventData />} rowClick="expand" bulkActionButtons={false}>
          <NumberField source="position" />
          <WhenField label="resources.audit-events.fields.when" sortBy="when" />
          <TypeNameField label="resources.audit-events.fields.type" sortBy="type" />
          <SummaryField label="resources.audit-events.fields.summary" sortable={false} />
          <StreamField label="resources.audit-events.fields.stream" sortBy="stream" />
        </Datagrid>
      )}
    </List>
  );
};
