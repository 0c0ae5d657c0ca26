import { Box } from '@mui/material';
import { Create, Edit, maxLength, required, SaveButton, SimpleForm, TextInput, Toolbar, useNotify } from 'react-admin';
import { DEFAULT_DESIGN_COLORS, DESIGN_COLOR_PATTERN, DESIGN_NAME_MAX } from '@cn/contracts';

const colourFormat = (value: unknown): string | undefined =>
  typeof value === 'string' && DESIGN_COLOR_PATTERN.test(value) ? undefined : 'resources.designs.invalid_color';
const colour = [required(), colourFormat];

/** the key of a refusal the server answered (react-admin's HttpError carries the body) */
const refusalOf = (error: unknown): string => {
  const body = (error as { body?: { error?: unknown } } | null)?.body;
  return typeof body?.error === 'string' ? body.error : 'saving_failure';
};

/** name, the three colours (with a preview of text on the primary colour) and the logo's address */
const Fields = () => (
  <>
    <TextInput source="name" label="resources.designs.fields.name" validate={[required(), maxLength(DESIGN_NAME_MAX)]} fullWidth data-testid="design-name" />
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextInput source="primary_color" type="color" label="resources.designs.fields.primary_color" validate={colour} sx={{ minWidth: 160 }} />
      <TextInput source="primary_text_color" type="color" label="resources.designs.fields.primary_text_color" validate={colour} sx={{ minWidth: 160 }} />
      <TextInput source="background_color" type="color" label="resources.designs.fields.background_color" validate={colour} sx={{ minWidth: 160 }} />
    </Box>
    <TextInput source="logo_url" label="resources.designs.fields.logo_url" helperText="resources.designs.logo_hint" fullWidth data-testid="design-logo-url" />
  </>
);

const FormToolbar = () => (
  <Toolbar>
    <SaveButton data-testid="design-save" />
  </Toolbar>
);

const useRefusalNotice = () => {
  const notify = useNotify();
  return { onError: (error: unknown) => notify(`cn.errors.${refusalOf(error)}`, { type: 'error' }) };
};

export const DesignCreate = () => (
  <Create redirect="list" mutationOptions={useRefusalNotice()}>
    <SimpleForm toolbar={<FormToolbar />} defaultValues={{ name: '', ...DEFAULT_DESIGN_COLORS, logo_url: '' }}>
      <Fields />
    </SimpleForm>
  </Create>
);

/** /administration/designs/{id}/edit: an edit of the active design reaches every open member console at once. */
export const DesignEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" mutationOptions={useRefusalNotice()}>
    <SimpleForm toolbar={<FormToolbar />}>
      <Fields />
    </SimpleForm>
  </Edit>
);
