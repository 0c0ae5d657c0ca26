import { BooleanInput } from 'react-admin';
import { NetworkRecordEdit } from '../layout/NetworkRecordEdit';
import { RichTextInput } from '../legal-texts/RichTextInput';

/**
 * The web imprint and the mail imprint as rich text, and whether the newsletter note shows. Save stays
 * disabled while nothing has changed; another administrator's save meanwhile answers 409.
 */
export const ImprintEdit = () => (
  <NetworkRecordEdit resource="imprint" id="network" saveTestId="imprint-save">
    <RichTextInput source="content" label="resources.imprint.fields.content" testId="imprint-content" />
    <RichTextInput source="mail_imprint" label="resources.imprint.fields.mail_imprint" testId="imprint-mail" />
    <BooleanInput source="show_newsletter_info" label="resources.imprint.fields.show_newsletter_info" />
  </NetworkRecordEdit>
);
