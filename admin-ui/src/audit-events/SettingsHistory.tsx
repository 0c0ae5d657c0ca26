import {
  ArrayField,
  ChipField,
  Datagrid,
  List,
  SimpleList,
  SingleFieldList,
  TextField,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type TranslateFunction,
} from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import { DEFAULT_NETWORK_ID, networkStream, type AuditEventDto } from '@cn/contracts';
import { AuditEventData } from './AuditEventData';
import { auditSummary, eventTypeName } from './auditSummary';
import { WhenField, browserLocaleOf } from './WhenField';

const settingsStream = networkStream(DEFAULT_NETWORK_ID);

/** NetworkMemberSettingsChanged → member: the tab a settings event belongs to. */
const tabOf = (type: string): string | null => {
  const match = /^Network(Basic|Join|Member|Mail)SettingsChanged$/.exec(type);
  return match?.[1] === undefined ? null : match[1].toLowerCase();
};

/** Datagrid reads `label` and `sortable` from its columns' props. */
interface ColumnProps {
  label: string;
  sortable?: boolean;
}

/** The settings tab's name; an event of another kind on the network's stream by its type's name. */
const tabNameOf = (type: string, translate: TranslateFunction): string => {
  const tab = tabOf(type);
  return tab === null ? eventTypeName(type, translate) : translate(`cn.settings.tabs.${tab}`);
};

const TabField = (_props: ColumnProps) => {
  const record = useRecordContext<AuditEventDto>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{tabNameOf(record.type, translate)}</span>;
};

/** On a phone: what changed (the same sentence as the audit list), the tab and when. */
const SettingsHistorySimpleList = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<AuditEventDto>
      primaryText={(record) => auditSummary(record, translate)}
      secondaryText={(record) => tabNameOf(record.type, translate)}
      tertiaryText={(record) => new Date(record.when).toLocaleString(browserLocaleOf(locale))}
      linkType={false}
      rowSx={() => ({ wordBreak: 'break-word' })}
    />
  );
};

const changedFieldsOf = (data: unknown): { id: string }[] => {
  if (typeof data !== 'object' || data === null || !('changed_fields' in data) || !Array.isArray(data.changed_fields)) {
    return [];
  }
  return data.changed_fields.filter((field): field is string => typeof field === 'string').map((field) => ({ id: field }));
};

const ChangedFields = (_props: ColumnProps) => {
  const record = useRecordContext<AuditEventDto>();
  if (!record) return null;
  return (
    <ArrayField record={{ id: record.id, changed: changedFieldsOf(record.data) }} source="changed">
      <SingleFieldList linkType={false}>
        <ChipField source="id" size="small" />
      </SingleFieldList>
    </ArrayField>
  );
};

/** Who changed which settings tab when: the audit list, fixed to the network's stream. */
export const SettingsHistory = () => {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      resource="audit-events"
      title="cn.audit.settings_history"
      filter={{ stream: settingsStream }}
      sort={{ field: 'position', order: 'DESC' }}
      storeKey="settings-history"
      disableSyncWithLocation
      perPage={25}
    >
      {small ? (
        <SettingsHistorySimpleList />
      ) : (
        <Datagrid expand={<AuditEventData />} rowClick="expand" bulkActionButtons={false}>
          <WhenField label="resources.audit-events.fields.when" sortBy="when" />
          <TextField source="who.name" label="resources.audit-events.fields.who" sortable={false} />
          <TabField label="cn.audit.tab" sortable={false} />
          <ChangedFields label="resources.audit-events.fields.changed_fields" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
};
