import { displayValues, placeholderProperties, readItemValues, TEASER_APP_PLACEHOLDER, type PropertyDefinition } from '@cn/contracts';

/**
 * What the app's templates (teaser, mails) put in for an item: `values` by placeholder name as text in the
 * locale (the app's name under `app`), `members` by membership property name as ids.
 */
export const templateValues = (
  appName: string,
  properties: readonly PropertyDefinition[],
  stored: Record<string, unknown>,
  locale: string,
): { values: Record<string, string>; members: Record<string, string[]> } => {
  const read = readItemValues(properties, stored);
  const shown = displayValues(properties, read, locale);
  const values: Record<string, string> = { [TEASER_APP_PLACEHOLDER]: appName };
  const members: Record<string, string[]> = {};
  for (const property of placeholderProperties(properties)) {
    if (property.type === 'membership') members[property.name] = (read[property.name] as string[] | undefined) ?? [];
    else if (Object.hasOwn(shown, property.name)) values[property.name] = shown[property.name] ?? '';
  }
  return { values, members };
};
