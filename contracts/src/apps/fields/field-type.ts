import type { PropertyDefinition } from '../properties';

/** One problem with a value: the key, and where in a nested or list value (`street`, `0`). */
export interface ValueError {
  key: string;
  path?: string;
}

export type Parsed<V> = { ok: true; value: V } | { ok: false; errors: ValueError[] };

/**
 * One property type's rules, shared by the server (validate a command) and the generated form (parse on
 * blur, show a value): `parse` is strict and answers error keys; `fromStored` reads whatever an older
 * definition left (a renamed or retyped property) and turns what it cannot read into `empty`.
 */
export interface FieldType<V> {
  /** what an empty value of this type is */
  empty: (definition: PropertyDefinition) => V;
  isEmpty: (value: V) => boolean;
  parse: (raw: unknown, definition: PropertyDefinition) => Parsed<V>;
  fromStored: (raw: unknown, definition: PropertyDefinition) => V;
  format: (value: V, definition: PropertyDefinition, locale: string) => string;
  /** display only (statistics, headline): never stored, never edited */
  displayOnly?: boolean;
}

export const ok = <V>(value: V): Parsed<V> => ({ ok: true, value });
export const failed = <V>(key: string, path?: string): Parsed<V> => ({ ok: false, errors: [path === undefined ? { key } : { key, path }] });

export const isRecord = (raw: unknown): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null && !Array.isArray(raw);
export const asText = (raw: unknown): string => (typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : '');
