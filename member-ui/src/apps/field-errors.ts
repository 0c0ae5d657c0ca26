import { ApiError } from '../api/client';

/** The server's field errors of a values request, by property name: `values.place.zip` → place: { zip: key }. */
export interface PropertyErrors {
  /** the error of the property itself */
  self?: string;
  /** nested (address parts) or list (an index) errors */
  parts: Record<string, string>;
}

export const propertyErrorsOf = (error: unknown): Record<string, PropertyErrors> => {
  const errors: Record<string, PropertyErrors> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const entry of error.body.errors) {
    const match = /^values\.([^.]+)(?:\.(.+))?$/.exec(entry.field);
    if (!match) continue;
    const [, name, part] = match;
    const current = (errors[name] ??= { parts: {} });
    if (part === undefined) current.self = entry.key;
    else current.parts[part] = entry.key;
  }
  return errors;
};
