import { Button as MuiButton } from '@mui/material';
import { Datagrid, DateField, List, NumberField, TextField, TopToolbar, useTranslate } from 'react-admin';
import { LEGAL_ACCEPTANCES_EXPORT_PATH } from './legal-texts-data-provider';

const Actions = () => {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <MuiButton size="small" href={`${LEGAL_ACCEPTANCES_EXPORT_PATH}.csv`} download data-testid="ledger-csv">
        {translate('resources.legal_acceptances.export_csv')}
      </MuiButton>
      <MuiButton size="small" href={`${LEGAL_ACCEPTANCES_EXPORT_PATH}.json`} download data-testid="ledger-json">
        {translate('resources.legal_acceptances.export_json')}
      </MuiButton>
    </TopToolbar>
  );
};

/** Every acceptance, newest first: which member accepted which version of which text, and when. */
export const LegalAcceptanceList = () => (
  <List sort={{ field: 'accepted_at', order: 'DESC' }} exporter={false} actions={<Actions />}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="legal_text_name" label="resources.legal_acceptances.fields.legal_text_name" sortable={false} />
      <NumberField source="version" label="resources.legal_acceptances.fields.version" />
      <TextField source="member_name" label="resources.legal_acceptances.fields.member_name" sortable={false} />
      <DateField source="accepted_at" label="resources.legal_acceptances.fields.accepted_at" showTime />
    </Datagrid>
  </List>
);
