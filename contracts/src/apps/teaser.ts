import { z } from 'zod';
import { htmlToText } from '../channels/rich-text';
import { defineEvent, type EventOf } from '../common/events';
import type { MemberSettings } from '../settings/network-settings';
import { isInternalProperty, type PropertyDefinition } from './properties';

/*
 * The activity teaser template (issue 15, integrations: "activity teaser_template"): when an item is
 * created, the activity stream shows the app's teaser, the template with the item's values put in. The
 * template is plain text with placeholders: `{{app}}` (the app's name) and `{{<property name>}}` (that
 * property's value as text; a membership property's value as the members' display names). Stored and
 * shown as text: tags are removed on arrival and the rendered teaser is text, never markup.
 *
 * Names are personal data and members may be erased later: a teaser is recorded as parts, text and the
 * member ids a membership placeholder named, and the names are put in when it is read (an erased member
 * as the network's anonymous name where it anonymizes memberships, else the fallback word of the
 * network's language, ERASED_MEMBER_NAMES).
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

/**
 * the properties a template may name: those that hold a value (members by name); headlines and statistics
 * hold none, and internal tags never leave the app (a teaser reaches every stream reader, a mail any assignee)
 */
export const placeholderProperties = (properties: readonly PropertyDefinition[]): PropertyDefinition[] =>
  properties.filter((property) => property.type !== 'headline' && property.type !== 'statistics' && !isInternalProperty(property));

/** the placeholders an app's template may name: `app` and its properties that hold a value */
export const teaserPlaceholderNames = (properties: readonly PropertyDefinition[]): string[] => [TEASER_APP_PLACEHOLDER, ...placeholderProperties(properties).map((property) => property.name)];

/** a rendered template as recorded: text, and the members a membership placeholder named (ids, put in as names when read) */
export const templatePartSchema = z.union([z.object({ text: z.string() }).strict(), z.object({ members: z.array(z.string()) }).strict()]);
export type TemplatePart = z.infer<typeof templatePartSchema>;

/**
 * The template with the values put in as text (`values`, markup removed) or as members (`members`: ids by
 * placeholder name); a placeholder naming neither is empty. Neighbouring text is one part.
 */
export const renderTemplateParts = (template: string, values: Readonly<Record<string, string>>, members: Readonly<Record<string, readonly string[]>> = {}): TemplatePart[] => {
  const parts: TemplatePart[] = [];
  const addText = (text: string): void => {
    const last = parts.at(-1);
    if (last && 'text' in last) last.text += text;
    else if (text !== '') parts.push({ text });
  };
  let at = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    addText(template.slice(at, match.index));
    at = match.index + match[0].length;
    const name = match[1] ?? '';
    const named = Object.hasOwn(members, name) ? members[name] : undefined;
    if (named) {
      if (named.length > 0) parts.push({ members: [...named] });
    } else if (Object.hasOwn(values, name)) addText(htmlToText(values[name] ?? ''));
  }
  addText(template.slice(at));
  return parts;
};

/** the parts as text, members by `nameOf` (joined with commas); `line`: whitespace collapsed to one line; cut to `max` characters */
export const composeTemplate = (parts: readonly TemplatePart[], nameOf: (memberId: string) => string, options: { line: boolean; max: number }): string => {
  const joined = parts.map((part) => ('text' in part ? part.text : part.members.map(nameOf).join(', '))).join('');
  const text = (options.line ? joined.replace(/\s+/g, ' ') : joined).trim();
  return text.length > options.max ? `${text.slice(0, options.max - 1)}…` : text;
};

/** the ids the parts name */
export const templateMemberIds = (parts: readonly TemplatePart[]): string[] => [...new Set(parts.flatMap((part) => ('members' in part ? part.members : [])))];

/** a teaser as shown: one line of text of at most TEASER_MAX characters */
export const composeTeaser = (parts: readonly TemplatePart[], nameOf: (memberId: string) => string): string => composeTemplate(parts, nameOf, { line: true, max: TEASER_MAX });

/** the template with text values put in (unknown placeholders empty), as one line of text of at most TEASER_MAX characters */
export const renderTeaser = (template: string, values: Readonly<Record<string, string>>): string => composeTeaser(renderTemplateParts(template, values), () => '');

/** what an erased (or unknown) member is called where a template names them, in the network's language */
export const ERASED_MEMBER_NAMES = { de: 'Gelöschtes Mitglied', en: 'Deleted member', es: 'Miembro eliminado', fr: 'Membre supprimé' } as const;
export const erasedMemberName = (language: string): string => ERASED_MEMBER_NAMES[(Object.keys(ERASED_MEMBER_NAMES) as Array<keyof typeof ERASED_MEMBER_NAMES>).find((known) => language.startsWith(known)) ?? 'en'];

/**
 * What an erased member is called in this network's teasers and mails: the anonymous name the network set
 * (`anonymize_memberships_name`) while it anonymizes memberships, as the chat shows them; else the
 * fallback word of its language.
 */
export const erasedMemberNameIn = (settings: { basic: { language: string }; member: Pick<MemberSettings, 'anonymize_memberships_config' | 'anonymize_memberships_name'> }): string =>
  settings.member.anonymize_memberships_config !== 'disabled' && settings.member.anonymize_memberships_name.trim() !== ''
    ? settings.member.anonymize_memberships_name.trim()
    : erasedMemberName(settings.basic.language);

export const AppTeaserTemplateChanged = defineEvent('AppTeaserTemplateChanged', 1, z.object({ app_id: z.string(), teaser_template: z.string() }));
export const appTeaserEvents = [AppTeaserTemplateChanged] as const;
export type AppTeaserEvent = EventOf<typeof AppTeaserTemplateChanged>;
