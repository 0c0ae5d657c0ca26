import { Create, Edit, maxLength, required, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useNotify, useRedirect } from 'react-admin';
import { PAGE_SLUG_MAX, PAGE_TITLE_MAX, PAGE_VISIBILITIES } from '@cn/contracts';
import { RichTextInput } from '../legal-texts/RichTextInput';

const visibilityChoices = PAGE_VISIBILITIES.map((id) => ({ id, name: `resources.pages.visibility.${id}` }));

const Fields = ({ creating }: { creating: boolean }) => (
  <>
    <TextInput source="title" label="resources.pages.fields.title" validate={[required(), maxLength(PAGE_TITLE_MAX)]} fullWidth />
    <TextInput source="slug" label="resources.pages.fields.slug" helperText="resources.pages.slug_hint" validate={creating ? maxLength(PAGE_SLUG_MAX) : [required(), maxLength(PAGE_SLUG_MAX)]} fullWidth />
    <SelectInput source="visibility" label="resources.pages.fields.visibility" choices={visibilityChoices} validate={required()} />
    <RichTextInput source="content" label="resources.pages.fields.content" testId="page-content" />
  </>
);

const FormToolbar = () => (
  <Toolbar>
    <SaveButton data-testid="page-save" />
  </Toolbar>
);

export const PageCreate = () => (
  <Create redirect="list">
    <SimpleForm toolbar={<FormToolbar />} defaultValues={{ title: '', slug: '', content: '', visibility: 'members' }}>
      <Fields creating />
    </SimpleForm>
  </Create>
);

/** Edits at the revision the page was read at: someone else's save meanwhile answers 409 and the list is read again. */
export const PageEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{
        onError: (error: unknown) => {
          const status = (error as { status?: number }).status;
          notify(status === 409 ? 'cn.errors.concurrency_conflict' : 'cn.notifications.saving_failure', { type: 'error' });
          if (status === 409) redirect('list', 'pages');
        },
      }}
    >
      <SimpleForm toolbar={<FormToolbar />}>
        <Fields creating={false} />
      </SimpleForm>
    </Edit>
  );
};
