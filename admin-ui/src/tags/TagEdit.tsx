import { Edit, maxLength, required, SaveButton, SimpleForm, TextInput, Toolbar, useNotify } from 'react-admin';
import { TAG_NAME_MAX } from '@cn/contracts';

/** the key of a refusal the server answered (react-admin's HttpError carries the body) */
const refusalOf = (error: unknown): string => {
  const body = (error as { body?: { error?: unknown } } | null)?.body;
  return typeof body?.error === 'string' ? body.error : 'saving_failure';
};

const FormToolbar = () => (
  <Toolbar>
    <SaveButton data-testid="tag-save" />
  </Toolbar>
);

/** Renames a tag; a name another tag has is refused (409 tag_name_taken: merge them instead). */
export const TagEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{ onError: (error: unknown) => notify(`cn.errors.${refusalOf(error)}`, { type: 'error' }) }}
    >
      <SimpleForm toolbar={<FormToolbar />}>
        <TextInput source="name" label="resources.tags.fields.name" validate={[required(), maxLength(TAG_NAME_MAX)]} fullWidth data-testid="tag-name" />
      </SimpleForm>
    </Edit>
  );
};
