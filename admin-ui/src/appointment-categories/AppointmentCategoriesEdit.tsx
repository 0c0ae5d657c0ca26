import { useState } from 'react';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, required, useNotify, useRefresh, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import { APPOINTMENT_CATEGORY_LABEL_MAX } from '@cn/contracts';
import { CATEGORIES_RECORD_ID, newLabelError, type CategoriesRecord } from './categoriesChange';

/** The list of custom categories, each renamable and removable, and a field to add one. */
const CategoriesInput = () => {
  const translate = useTranslate();
  const { control, watch } = useFormContext<CategoriesRecord>();
  const { fields, append, remove } = useFieldArray({ control, name: 'custom_categories', keyName: 'key' });
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = watch('custom_categories');
  const add = () => {
    const problem = newLabelError(label, current);
    if (problem) {
      setError(problem);
      return;
    }
    append({ label: label.trim() });
    setLabel('');
    setError(null);
  };
  return (
    <Box sx={{ width: '100%', maxWidth: 520 }} data-testid="custom-categories">
      {fields.length === 0 ? <p>{translate('cn.appointment_categories.empty')}</p> : null}
      {fields.map((field, index) => (
        <Box key={field.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="custom-category">
          <TextInput
            source={`custom_categories.${index}.label`}
            label="cn.appointment_categories.label"
            validate={required('cn.errors.required')}
            slotProps={{ htmlInput: { maxLength: APPOINTMENT_CATEGORY_LABEL_MAX } }}
            fullWidth
          />
          <IconButton aria-label={translate('cn.appointment_categories.remove')} onClick={() => remove(index)} data-testid={`remove-category-${index}`}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 2 }}>
        <TextField
          label={translate('cn.appointment_categories.new_label')}
          value={label}
          size="small"
          error={error !== null}
          helperText={error ? translate(`cn.errors.${error}`) : ' '}
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

const CategoriesToolbar = () => {
  const { isDirty, isSubmitting } = useFormState();
  return (
    <Toolbar>
      <SaveButton disabled={!isDirty || isSubmitting} data-testid="categories-save" />
    </Toolbar>
  );
};

/** The custom appointment categories editor (one record, id `network`). */
export const AppointmentCategoriesEdit = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Edit
      resource="appointment-categories"
      id={CATEGORIES_RECORD_ID}
      title="cn.appointment_categories.title"
      actions={false}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onSuccess: () => {
          notify('cn.notifications.saving_successful', { type: 'success' });
          refresh();
        },
        onError: () => {
          notify('cn.notifications.saving_failure', { type: 'error' });
        },
      }}
    >
      <SimpleForm toolbar={<CategoriesToolbar />}>
        <CategoriesInput />
      </SimpleForm>
    </Edit>
  );
};
