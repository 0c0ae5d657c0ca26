import { BooleanInput, Edit, SaveButton, SimpleForm, Toolbar, useNotify, useRefresh } from 'react-admin';
import { RichTextInput } from '../legal-texts/RichTextInput';

/** Save stays disabled while nothing has changed; another administrator's save meanwhile answers 409. */
const ImprintToolbar = () => (
  <Toolbar>
    <SaveButton data-testid="imprint-save" />
  </Toolbar>
);

/** The web imprint and the mail imprint as rich text, and whether the newsletter note shows. */
export const ImprintEdit = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Edit
      resource="imprint"
      id="network"
      redirect={false}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('cn.notifications.saving_successful', { type: 'success' });
          refresh();
        },
        onError: (error: unknown) => {
          const conflict = (error as { status?: number }).status === 409;
          notify(conflict ? 'cn.errors.concurrency_conflict' : 'cn.notifications.saving_failure', { type: 'error' });
          if (conflict) refresh();
        },
      }}
    >
      <SimpleForm toolbar={<ImprintToolbar />}>
        <RichTextInput source="content" label="resources.imprint.fields.content" testId="imprint-content" />
        <RichTextInput source="mail_imprint" label="resources.imprint.fields.mail_imprint" testId="imprint-mail" />
        <BooleanInput source="show_newsletter_info" label="resources.imprint.fields.show_newsletter_info" />
      </SimpleForm>
    </Edit>
  );
};
