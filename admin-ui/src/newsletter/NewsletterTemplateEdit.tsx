import { useFormState, useWatch } from 'react-hook-form';
import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, useTranslate } from 'react-admin';
import { Alert, Box, Stack } from '@mui/material';
import { NEWSLETTER_CONTENT_PLACEHOLDER, NEWSLETTER_DISCLAIMER_PLACEHOLDER, newsletterTemplateErrors } from '@cn/contracts';
import { useSavingToasts } from '../layout/useSavingToasts';

/** the placeholder errors of the body as it is typed: both at once */
const usePlaceholderErrors = () => newsletterTemplateErrors(String(useWatch({ name: 'body' }) ?? ''));

export const PlaceholderErrors = () => {
  const translate = useTranslate();
  const errors = usePlaceholderErrors();
  if (errors.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="newsletter-placeholder-errors">
      {errors.map((key) => (
        <Alert key={key} severity="error" data-testid={`newsletter-error-${key}`}>
          {translate(`resources.newsletter.errors.${key}`, { content: NEWSLETTER_CONTENT_PLACEHOLDER, disclaimer: NEWSLETTER_DISCLAIMER_PLACEHOLDER })}
        </Alert>
      ))}
    </Stack>
  );
};

/** Save stays off while a placeholder rule is broken (and while nothing changed or a save runs). */
const TemplateToolbar = () => {
  const errors = usePlaceholderErrors();
  const { isDirty, isSubmitting } = useFormState();
  return (
    <Toolbar>
      <SaveButton alwaysEnable={isDirty && !isSubmitting && errors.length === 0} disabled={!isDirty || isSubmitting || errors.length > 0} data-testid="newsletter-template-save" />
    </Toolbar>
  );
};

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** the preview document: sample content in the placeholders; the frame is sandboxed, so no script of it runs */
export const previewDocument = (body: string, css: string, fonts: string, sample: { content: string; disclaimer: string }): string =>
  `<!doctype html><html><head><meta charset="utf-8"><style>${css.replace(/</g, '')}</style></head><body style="font-family: ${escapeHtml(fonts.replace(/[;"<>]/g, ''))}">${body
    .split(NEWSLETTER_CONTENT_PLACEHOLDER)
    .join(`<ul><li>${escapeHtml(sample.content)}</li></ul>`)
    .split(NEWSLETTER_DISCLAIMER_PLACEHOLDER)
    .join(`<p><a href="#">${escapeHtml(sample.disclaimer)}</a></p>`)}</body></html>`;

const Preview = () => {
  const translate = useTranslate();
  const [body, css, fonts] = useWatch({ name: ['body', 'css', 'fonts'] }) as [string | undefined, string | undefined, string | undefined];
  return (
    <Box sx={{ width: '100%', mt: 2 }}>
      <iframe
        title={translate('resources.newsletter.preview')}
        sandbox=""
        data-testid="newsletter-preview"
        style={{ width: '100%', height: 360, border: '1px solid #ccc' }}
        srcDoc={previewDocument(body ?? '', css ?? '', fonts ?? '', {
          content: translate('resources.newsletter.preview_content'),
          disclaimer: translate('resources.newsletter.preview_disclaimer'),
        })}
      />
    </Box>
  );
};

/**
 * /newsletter/template: design, body, css, js and fonts with a preview in a sandboxed frame. The body needs
 * the content placeholder exactly once and the disclaimer placeholder at least once: both errors show
 * together and Save stays off until both rules hold (the server refuses the same).
 */
export const NewsletterTemplateEdit = () => {
  const translate = useTranslate();
  const savingToasts = useSavingToasts();
  return (
    <Edit resource="newsletter" id="template" title="resources.newsletter.template_title" actions={false} redirect={false} mutationMode="pessimistic" mutationOptions={savingToasts}>
      <SimpleForm toolbar={<TemplateToolbar />}>
        <TextInput source="design" label="resources.newsletter.fields.design" fullWidth />
        <TextInput
          source="body"
          label="resources.newsletter.fields.body"
          helperText={translate('resources.newsletter.body_hint', { content: NEWSLETTER_CONTENT_PLACEHOLDER, disclaimer: NEWSLETTER_DISCLAIMER_PLACEHOLDER })}
          multiline
          minRows={6}
          fullWidth
        />
        <PlaceholderErrors />
        <TextInput source="css" label="resources.newsletter.fields.css" multiline minRows={3} fullWidth />
        <TextInput source="js" label="resources.newsletter.fields.js" helperText="resources.newsletter.js_hint" multiline minRows={2} fullWidth />
        <TextInput source="fonts" label="resources.newsletter.fields.fonts" fullWidth />
        <Preview />
      </SimpleForm>
    </Edit>
  );
};
