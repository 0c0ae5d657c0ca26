import { BooleanInput, Create, Edit, maxLength, required, SimpleForm, TextInput, Toolbar, SaveButton, useNotify, useRedirect } from 'react-admin';
import { LEGAL_HANDLE_MAX, LEGAL_NAME_MAX, LEGAL_STATEMENT_MAX } from '@cn/contracts';
import { RichTextInput } from './RichTextInput';

const Fields = ({ creating }: { creating: boolean }) => (
  <>
    <TextInput source="name" label="resources.legal_texts.fields.name" validate={[required(), maxLength(LEGAL_NAME_MAX)]} fullWidth />
    <TextInput source="handle" label="resources.legal_texts.fields.handle" helperText="resources.legal_texts.handle_hint" validate={maxLength(LEGAL_HANDLE_MAX)} fullWidth />
    <TextInput source="statement" label="resources.legal_texts.fields.statement" validate={maxLength(LEGAL_STATEMENT_MAX)} multiline fullWidth />
    <RichTextInput source="text" label="resources.legal_texts.fields.text" testId="legal-text-text" validate={required()} />
    <BooleanInput source="requires_consent" label="resources.legal_texts.fields.requires_consent" helperText="resources.legal_texts.requires_consent_hint" />
    {creating ? <BooleanInput source="read_only" label="resources.legal_texts.fields.read_only" /> : null}
  </>
);

/** Saving is blocked while nothing has changed (pristine form). */
const FormToolbar = () => (
  <Toolbar>
    <SaveButton data-testid="legal-text-save" />
  </Toolbar>
);

export const LegalTextCreate = () => (
  <Create redirect="show">
    <SimpleForm toolbar={<FormToolbar />} defaultValues={{ name: '', handle: '', statement: '', text: '', requires_consent: false, read_only: false }}>
      <Fields creating />
    </SimpleForm>
  </Create>
);

/**
 * Edits at the revision the record was read at: a changed text (or asking for consent again) becomes a
 * new version; someone else's save meanwhile answers 409 and the page reads the text again.
 */
export const LegalTextEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="show"
      mutationOptions={{
        onError: (error: unknown) => {
          const status = (error as { status?: number }).status;
          notify(status === 409 ? 'cn.errors.concurrency_conflict' : 'cn.notifications.saving_failure', { type: 'error' });
          if (status === 409) redirect('show', 'legal_texts');
        },
      }}
    >
      <SimpleForm toolbar={<FormToolbar />}>
        <Fields creating={false} />
      </SimpleForm>
    </Edit>
  );
};
