import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { ArrayInput, SimpleFormIterator, TextInput, required, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { APPOINTMENT_CATEGORY_LABEL_MAX } from '@cn/contracts';
import { CATEGORIES_RECORD_ID, newLabelError, type CategoriesRecord } from './categoriesChange';
import { NetworkRecordEdit } from '../layout/NetworkRecordEdit';

/** The list of custom categories (each renamable and removable) and a field to add one. */
const CategoriesInput = () => {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext<CategoriesRecord>();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const current = getValues('custom_categories') ?? [];
    const problem = newLabelError(label, current);
    if (problem) {
      setError(problem);
      return;
    }
    setValue('custom_categories', [...current, { label: label.trim() }], { shouldDirty: true });
    setLabel('');
    setError(null);
  };
  return (
    <Box sx={{ width: '100%', maxWidth: 520 }} data-testid="custom-categories">
      <ArrayInput source="custom_categories" label="cn.appointment_categories.title">
        <SimpleFormIterator disableAdd disableReordering disableClear inline>
          <TextInput
            source="label"
            label="cn.appointment_categories.label"
            validate={required('cn.errors.required')}
            slotProps={{ htmlInput: { maxLength: APPOINTMENT_CATEGORY_LABEL_MAX } }}
            data-testid="custom-category"
          />
        </SimpleFormIterator>
      </ArrayInput>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mt: 2 }}>
        <TextField
          label={translate('cn.appointment_categories.new_label')}
          value={label}
          size="small"
          error={error !== null}
          helperText={error ? translate(`cn.errors.${error}`) : translate('cn.appointment_categories.empty')}
          slotProps={{ htmlInput: { maxLength: APPOINTMENT_CATEGORY_LABEL_MAX, 'data-testid': 'new-category-label' } }}
          onChange={(event) => {
            setLabel(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (label.trim() !== '') add();
            }
          }}
        />
        <Button variant="outlined" disabled={label.trim() === ''} onClick={add} data-testid="add-category">
          {translate('cn.appointment_categories.add')}
        </Button>
      </Box>
    </Box>
  );
};

/** The custom appointment categories editor (one record, id `network`). */
export const AppointmentCategoriesEdit = () => (
  <NetworkRecordEdit resource="appointment-categories" id={CATEGORIES_RECORD_ID} title="cn.appointment_categories.title" actions={false} saveTestId="categories-save" alwaysEnabled>
    <CategoriesInput />
  </NetworkRecordEdit>
);
