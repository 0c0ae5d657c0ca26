import { z } from 'zod';
import { htmlToText } from '../channels/rich-text';
import { defineEvent, type EventOf } from '../common/events';
import type { PropertyDefinition } from './properties';
import { teaserPlaceholderNames, teaserPlaceholders } from './teaser';

/*
 * The email integration (issue 15, integrations: "email integration with uuid, type email_notification,
 * trigger assign or unassign, assignee_property_id (-1 for none), email_subject_template,
 * email_text_template"): when a member is newly named in (assign) or removed from (unassign) a membership
 * property of an item, they get a mail whose subject and text are the integration's templates with the
 * item's values put in. `assignee_property_id` names the membership property it watches; -1 (none chosen)
 * watches all of them. Placeholders: those of the teaser (`{{app}}`, `{{<property name>}}`, members by
 * display name) and `{{assignee}}` (the recipient's name) and `{{link}}` (the item's address).
 */

export const EMAIL_INTEGRATION_TRIGGERS = ['assign', 'unassign'] as const;
export type EmailIntegrationTrigger = (typeof EMAIL_INTEGRATION_TRIGGERS)[number];
export const ANY_ASSIGNEE_PROPERTY = -1;
export const EMAIL_INTEGRATIONS_MAX = 20;
export const EMAIL_SUBJECT_TEMPLATE_MAX = 200;
export const EMAIL_TEXT_TEMPLATE_MAX = 5000;
/** the placeholders a mail template has besides the teaser's */
export const EMAIL_PLACEHOLDERS = ['assignee', 'link'] as const;

/** plain text: tags removed; a subject is one line */
const subject = z
  .string({ message: 'invalid_type' })
  .max(EMAIL_SUBJECT_TEMPLATE_MAX, { message: 'too_long' })
  .transform((value) => htmlToText(value).replace(/\s+/g, ' ').trim())
  .refine((value) => value !== '', { message: 'required' });
const text = z
  .string({ message: 'invalid_type' })
  .max(EMAIL_TEXT_TEMPLATE_MAX, { message: 'too_long' })
  .transform((value) => (/<[a-z/!]/i.test(value) ? htmlToText(value) : value).trim())
  .refine((value) => value !== '', { message: 'required' });

export const emailIntegrationSchema = z
  .object({
    uuid: z.string({ message: 'invalid_type' }).uuid({ message: 'invalid_format' }),
    type: z.literal('email_notification', { message: 'invalid_value' }),
    trigger: z.enum(EMAIL_INTEGRATION_TRIGGERS, { message: 'invalid_value' }),
    assignee_property_id: z.union([z.literal(ANY_ASSIGNEE_PROPERTY), z.string().min(1)], { message: 'invalid_value' }),
    email_subject_template: subject,
    email_text_template: text,
  })
  .strict();
export type EmailIntegration = z.output<typeof emailIntegrationSchema>;

/** PUT /api/v1/apps/{app}/integrations/email (administrators): the app's email integrations, all at once ([] : none) */
export const emailIntegrationsRequestSchema = z
  .object({ email_integrations: z.array(emailIntegrationSchema).max(EMAIL_INTEGRATIONS_MAX, { message: 'too_big' }) })
  .strict();
export type EmailIntegrationsRequest = z.output<typeof emailIntegrationsRequestSchema>;

/** the placeholders a mail template of this app may name */
export const emailPlaceholderNames = (properties: readonly PropertyDefinition[]): string[] => [...teaserPlaceholderNames(properties), ...EMAIL_PLACEHOLDERS];

/** what is wrong with the integrations against the app's properties: field paths and keys (empty: nothing) */
export const emailIntegrationErrors = (integrations: readonly EmailIntegration[], properties: readonly PropertyDefinition[]): Array<{ field: string; key: string }> => {
  const known = emailPlaceholderNames(properties);
  const errors: Array<{ field: string; key: string }> = [];
  const seen = new Set<string>();
  integrations.forEach((integration, index) => {
    const at = `email_integrations.${index}`;
    if (seen.has(integration.uuid)) errors.push({ field: `${at}.uuid`, key: 'taken' });
    seen.add(integration.uuid);
    const watched = integration.assignee_property_id;
    if (watched !== ANY_ASSIGNEE_PROPERTY && !properties.some((property) => property.id === watched && property.type === 'membership')) errors.push({ field: `${at}.assignee_property_id`, key: 'not_membership' });
    for (const field of ['email_subject_template', 'email_text_template'] as const) {
      if (teaserPlaceholders(integration[field]).some((name) => !known.includes(name))) errors.push({ field: `${at}.${field}`, key: 'unknown_placeholder' });
    }
  });
  return errors;
};

/** the integrations that mail a member `trigger`ed through the membership property `propertyId` */
export const matchingEmailIntegrations = (integrations: readonly EmailIntegration[], trigger: EmailIntegrationTrigger, propertyIds: readonly string[]): EmailIntegration[] =>
  integrations.filter((integration) => integration.trigger === trigger && (integration.assignee_property_id === ANY_ASSIGNEE_PROPERTY || propertyIds.includes(integration.assignee_property_id)));

export const AppEmailIntegrationsChanged = defineEvent(
  'AppEmailIntegrationsChanged',
  1,
  z.object({
    app_id: z.string(),
    email_integrations: z.array(
      z.object({
        uuid: z.string(),
        type: z.literal('email_notification'),
        trigger: z.enum(EMAIL_INTEGRATION_TRIGGERS),
        assignee_property_id: z.union([z.literal(ANY_ASSIGNEE_PROPERTY), z.string()]),
        email_subject_template: z.string(),
        email_text_template: z.string(),
      }),
    ),
  }),
);
export type AppEmailIntegrationsEvent = EventOf<typeof AppEmailIntegrationsChanged>;
