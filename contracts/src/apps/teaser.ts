import { z } from 'zod';
import { htmlToText } from '../channels/rich-text';
import { defineEvent, type EventOf } from '../common/events';
import type { PropertyDefinition } from './properties';

/*
 * The activity teaser template (issue 15, integrations: "activity teaser_template"): when an item is
 * created, the activity stream shows the app's teaser, the template with the item's values put in. The
 * template is plain text with placeholders: `{{app}}` (the app's name) and `{{<property name>}}` (that
 * property's value as text; membership values name no one, so they are left out). Stored and shown as
 * text: tags are removed on arrival and the rendered teaser is text, never markup.
 */

export const TEASER_TEMPLATE_MAX = 500;
export const TEASER_MAX = 300;
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;
/** the placeholder every app has besides its properties */
export const TEASER_APP_PLACEHOLDER = 'app';

/** tags and their contents' markup removed, whitespace collapsed: what a template is stored as */
export const plainTeaserTemplate = (template: string): string => htmlToText(template).replace(/\s+/g, ' ').trim();

/** PUT /api/v1/apps/{app}/integrations/teaser: '' turns the teaser off (the item's activity names the item only) */
export const teaserTemplateRequestSchema = z
  .object({
    teaser_template: z.string({ message: 'invalid_type' }).max(TEASER_TEMPLATE_MAX, { message: 'too_long' }).transform(plainTeaserTemplate),
  })
  .strict();
export type TeaserTemplateRequest = z.output<typeof teaserTemplateRequestSchema>;

/** the placeholders a template names, in order, once each */
export const teaserPlaceholders = (template: string): string[] => [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];

/** the placeholders an app's template may name: `app` and its properties that hold a value shown as text */
export const teaserPlaceholderNames = (properties: readonly PropertyDefinition[]): string[] => [
  TEASER_APP_PLACEHOLDER,
  ...properties.filter((property) => property.type !== 'membership' && property.type !== 'headline' && property.type !== 'statistics').map((property) => property.name),
];

/** the template with the values put in (unknown placeholders empty), as one line of text of at most TEASER_MAX characters */
export const renderTeaser = (template: string, values: Readonly<Record<string, string>>): string => {
  const text = template
    .replace(PLACEHOLDER, (_match, name: string) => (Object.hasOwn(values, name) ? htmlToText(values[name] ?? '') : ''))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > TEASER_MAX ? `${text.slice(0, TEASER_MAX - 1)}…` : text;
};

export const AppTeaserTemplateChanged = defineEvent('AppTeaserTemplateChanged', 1, z.object({ app_id: z.string(), teaser_template: z.string() }));
export const appTeaserEvents = [AppTeaserTemplateChanged] as const;
export type AppTeaserEvent = EventOf<typeof AppTeaserTemplateChanged>;
