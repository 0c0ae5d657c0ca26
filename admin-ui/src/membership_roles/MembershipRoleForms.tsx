import {
  AutocompleteArrayInput,
  Create,
  Edit,
  maxLength,
  ReferenceArrayInput,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRedirect,
} from 'react-admin';
import { DEFAULT_ROLE_COLOR, DEFAULT_ROLE_TEXT_COLOR, MEMBERSHIP_ROLE_NAME_MAX, ROLE_COLOR_PATTERN } from '@cn/contracts';

const colourFormat = (value: unknown): string | undefined =>
  typeof value === 'string' && ROLE_COLOR_PATTERN.test(value) ? undefined : 'resources.membership_roles.invalid_color';
const colour = [required(), colourFormat];

/** name, plural name, colours and the member picker (the slug is the server's, shown in the list) */
const Fields = () => (
  <>
    <TextInput source="name" label="resources.membership_roles.fields.name" validate={[required(), maxLength(MEMBERSHIP_ROLE_NAME_MAX)]} fullWidth data-testid="membership-role-name" />
    <TextInput source="plural_name" label="resources.membership_roles.fields.plural_name" validate={[required(), maxLength(MEMBERSHIP_ROLE_NAME_MAX)]} fullWidth data-testid="membership-role-plural-name" />
    <TextInput source="color" type="color" label="resources.membership_roles.fields.color" validate={colour} sx={{ minWidth: 160 }} />
    <TextInput source="text_color" type="color" label="resources.membership_roles.fields.text_color" validate={colour} sx={{ minWidth: 160 }} />
    <ReferenceArrayInput source="member_ids" reference="members" perPage={25}>
      <AutocompleteArrayInput
        label="resources.membership_roles.fields.member_ids"
        helperText="resources.membership_roles.member_ids_hint"
        optionText="name"
        filterToQuery={(q: string) => ({ q })}
        fullWidth
        data-testid="membership-role-members"
      />
    </ReferenceArrayInput>
  </>
);

const FormToolbar = () => (
  <Toolbar>
    <SaveButton data-testid="membership-role-save" />
  </Toolbar>
);

export const MembershipRoleCreate = () => (
  <Create redirect="list">
    <SimpleForm toolbar={<FormToolbar />} defaultValues={{ name: '', plural_name: '', color: DEFAULT_ROLE_COLOR, text_color: DEFAULT_ROLE_TEXT_COLOR, member_ids: [] }}>
      <Fields />
    </SimpleForm>
  </Create>
);

/** Edits at the revision the role was read at: someone else's save meanwhile answers 409 and the role is read again. */
export const MembershipRoleEdit = () => {
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
          if (status === 409) redirect('list', 'membership_roles');
        },
      }}
    >
      <SimpleForm toolbar={<FormToolbar />}>
        <Fields />
      </SimpleForm>
    </Edit>
  );
};
