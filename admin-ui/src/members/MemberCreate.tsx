import { BooleanInput, Create, PasswordInput, SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import { validateNewMember } from './newMember';

/** POST /administration/members; the data provider wraps the values in `{ user }` (spec §7). */
export const MemberCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      mutationOptions={{
        onSuccess: () => {
          notify('cn.notifications.member_created', { type: 'success' });
          redirect('list', 'members');
        },
        onError: () => {
          notify('cn.notifications.saving_failure', { type: 'error' });
        },
      }}
    >
      <SimpleForm
        defaultValues={{ email: '', password: '', send_welcome_mail: true, profile_id: null }}
        validate={validateNewMember}
      >
        <TextInput source="email" type="email" fullWidth />
        <TextInput source="first_name" fullWidth />
        <TextInput source="last_name" fullWidth />
        <BooleanInput source="send_welcome_mail" />
        <PasswordInput source="password" fullWidth />
        {/* the member's profile (profile_id) is picked among the network's profiles, which the custom fields
            (issue 15) bring; until then none exists and the member gets the default one */}
      </SimpleForm>
    </Create>
  );
};
