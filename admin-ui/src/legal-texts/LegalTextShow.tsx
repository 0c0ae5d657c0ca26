import { Box, Button as MuiButton, Chip, Divider, Stack, Typography } from '@mui/material';
import { Datagrid, DateField, EditButton, ListBase, NumberField, Pagination, Show, TextField, TopToolbar, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import type { LegalTextDto } from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import { LEGAL_ACCEPTANCES_EXPORT_PATH } from './legal-texts-data-provider';

/** The versions, newest first; each is immutable, its HTML as members saw it. */
const Versions = () => {
  const text = useRecordContext<LegalTextDto>();
  const translate = useTranslate();
  if (!text) return null;
  return (
    <Stack spacing={2} data-testid="legal-text-versions">
      {(text.versions ?? []).map((version) => (
        <Box key={version.version} data-testid={`legal-text-version-${version.version}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1">{translate('resources.legal_texts.version', { version: version.version })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {new Date(version.created_at).toLocaleString()}
            </Typography>
            {version.requires_consent ? <Chip size="small" color="primary" label={translate('resources.legal_texts.requires_consent')} /> : null}
          </Stack>
          {/* the server sanitised this HTML when the version was published */}
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 0.5 }} dangerouslySetInnerHTML={{ __html: version.html_text }} />
        </Box>
      ))}
    </Stack>
  );
};

/** Who accepted which version and when (the ledger), with its downloads. */
const Acceptances = () => {
  const text = useRecordContext<LegalTextDto>();
  const translate = useTranslate();
  if (!text) return null;
  const query = `?legal_text_id=${encodeURIComponent(String(text.id))}`;
  return (
    <Box data-testid="legal-text-acceptances">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6">{translate('resources.legal_acceptances.name', { smart_count: 2 })}</Typography>
        <MuiButton size="small" href={`${LEGAL_ACCEPTANCES_EXPORT_PATH}.csv${query}`} download data-testid="acceptances-csv">
          {translate('resources.legal_acceptances.export_csv')}
        </MuiButton>
        <MuiButton size="small" href={`${LEGAL_ACCEPTANCES_EXPORT_PATH}.json${query}`} download data-testid="acceptances-json">
          {translate('resources.legal_acceptances.export_json')}
        </MuiButton>
      </Stack>
      {/* ListBase: a list inside the page, without a title of its own in the app bar */}
      <ListBase resource="legal_acceptances" filter={{ legal_text_id: text.id }} sort={{ field: 'accepted_at', order: 'DESC' }} disableSyncWithLocation storeKey={false} exporter={false}>
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography>{translate('resources.legal_acceptances.empty')}</Typography>}>
          <TextField source="member_name" label="resources.legal_acceptances.fields.member_name" sortable={false} />
          <NumberField source="version" label="resources.legal_acceptances.fields.version" />
          <DateField source="accepted_at" label="resources.legal_acceptances.fields.accepted_at" showTime />
        </Datagrid>
        <Pagination />
      </ListBase>
    </Box>
  );
};

const Actions = () => {
  const { permissions } = usePermissions<Permissions | null>();
  const text = useRecordContext<LegalTextDto>();
  return <TopToolbar>{permissions?.administrate === true && text && !text.read_only ? <EditButton /> : null}</TopToolbar>;
};

const Heading = () => {
  const text = useRecordContext<LegalTextDto>();
  if (!text) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h5" data-testid="legal-text-name">{text.name}</Typography>
      <Typography variant="body2" color="text.secondary">/legal/{text.handle}</Typography>
      {text.statement ? <Typography sx={{ mt: 1 }}>{text.statement}</Typography> : null}
    </Box>
  );
};

export const LegalTextShow = () => (
  <Show actions={<Actions />}>
    <Box sx={{ p: 2 }}>
      <Heading />
      <Versions />
      <Divider sx={{ my: 3 }} />
      <Acceptances />
    </Box>
  </Show>
);
