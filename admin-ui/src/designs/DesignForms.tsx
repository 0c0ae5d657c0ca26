import { Box, Button as MuiButton } from '@mui/material';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Create, Edit, maxLength, required, SaveButton, SimpleForm, TextInput, Toolbar, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { DesignCommands } from './designs-data-provider';
import { DEFAULT_DESIGN_COLORS, DESIGN_COLOR_PATTERN, DESIGN_NAME_MAX } from '@cn/contracts';

const colourFormat = (value: unknown): string | undefined =>
  typeof value === 'string' && DESIGN_COLOR_PATTERN.test(value) ? undefined : 'resources.designs.invalid_color';
const colour = [required(), colourFormat];

/** the key of a refusal the server answered (react-admin's HttpError carries the body) */
const refusalOf = (error: unknown): string => {
  const body = (error as { body?: { error?: unknown } } | null)?.body;
  return typeof body?.error === 'string' ? body.error : 'saving_failure';
};

/** Upload an image as the logo: the form then holds its storage path (the server checks it is the designer's own upload). */
const LogoUpload = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & DesignCommands>();
  const { setValue } = useFormContext();
  const logo = useWatch({ name: 'logo_url' }) as unknown;
  const [pending, setPending] = useState(false);
  const upload = async (file: File) => {
    setPending(true);
    try {
      setValue('logo_url', await dataProvider.uploadDesignLogo('designs', { file }), { shouldDirty: true, shouldValidate: true });
      notify('resources.designs.logo_uploaded', { type: 'info' });
    } catch (error) {
      notify(`cn.errors.${refusalOf(error)}`, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
      {typeof logo === 'string' && logo !== '' ? <img src={logo} alt="" style={{ maxHeight: 48 }} data-testid="design-logo-preview" /> : null}
      <MuiButton component="label" variant="outlined" disabled={pending}>
        {translate('resources.designs.upload_logo')}
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          data-testid="design-logo-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
            event.target.value = '';
          }}
        />
      </MuiButton>
    </Box>
  );
};

/** name, the three colours (with a preview of text on the primary colour) and the logo: an upload, or its storage address */
const Fields = () => (
  <>
    <TextInput source="name" label="resources.designs.fields.name" validate={[required(), maxLength(DESIGN_NAME_MAX)]} fullWidth data-testid="design-name" />
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextInput source="primary_color" type="color" label="resources.designs.fields.primary_color" validate={colour} sx={{ minWidth: 160 }} />
      <TextInput source="primary_text_color" type="color" label="resources.designs.fields.primary_text_color" validate={colour} sx={{ minWidth: 160 }} />
      <TextInput source="background_color" type="color" label="resources.designs.fields.background_color" validate={colour} sx={{ minWidth: 160 }} />
    </Box>
    <TextInput source="logo_url" label="resources.designs.fields.logo_url" helperText="resources.designs.logo_hint" fullWidth data-testid="design-logo-url" />
    <LogoUpload />
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
