import { mentionedMemberIds } from '../notifications/mentions';
import type { PropertyDefinition } from './properties';

/** the properties whose values are rich text from the composer (multiline text, html): only these hold mentions */
const holdsRichText = (property: Pick<PropertyDefinition, 'type' | 'multiline'>): boolean => property.type === 'html' || (property.type === 'text' && property.multiline);

/**
 * The members an item's rich text mentions, each once: the posts' mention markup (`mentionedMemberIds`)
 * read from its multiline text and html values (by property id). A single-line text holding the same
 * characters shows them as text, so it mentions nobody.
 */
export const itemMentionedIds = (properties: ReadonlyArray<Pick<PropertyDefinition, 'id' | 'type' | 'multiline'>>, values: Readonly<Record<string, unknown>>): string[] => {
  const ids = properties.filter(holdsRichText).flatMap((property) => {
    const value = values[property.id];
    return typeof value === 'string' ? mentionedMemberIds(value) : [];
  });
  return [...new Set(ids)];
};
