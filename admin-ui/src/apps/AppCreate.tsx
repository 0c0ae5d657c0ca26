import { Create, required, SimpleForm, TextInput } from 'react-admin';

/** A new app: its slug (its address for good), name and description; properties follow in the editor. */
export const AppCreate = () => (
  <Create resource="apps" redirect="edit">
    <SimpleForm>
      <TextInput source="id" label="cn.apps.fields.slug" helperText="cn.apps.slug_help" validate={required()} />
      <TextInput source="name" label="cn.apps.fields.name" validate={required()} />
      <TextInput source="description" label="cn.apps.fields.description" multiline />
    </SimpleForm>
  </Create>
);
