import { BooleanInput, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useSavingToasts } from '../layout/useSavingToasts';
import { RichTextInput } from '../legal-texts/RichTextInput';

/** Save stays disabled while nothing has changed; another administrator's save meanwhile answers 409. */
const ImprintToolbar = () => (
  <Toolbar>
    <SaveButton data-testid="imprint-save" />
  </Toolbar>
);

/** The web imprint and the mail imprint as rich text, and whether the newsletter note shows. */
export const ImprintEdit = () => {
  const savingToasts = useSavingToasts();
  return (
    <Edit
      resource="imprint"
      id="network"
      redirect={false}
      mutationMode="pessimistic"
      mutationOptions={savingToasts}
    >
      <SimpleForm toolbar={<ImprintToolbar />}>
        <RichTextInput source="content" label="resources.imprint.fields.content" testId="imprint-content" />
        <RichTextInput source="mail_imprint" label="resources.imprint.fields.mail_imprint" testId="imprint-mail" />
        <BooleanInput source="show_newsletter_info" label="resources.imprint.fields.show_newsletter_info" />
      </SimpleForm>
    </Edit>
  );
};
