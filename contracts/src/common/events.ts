import { z } from 'zod';

/**
 * Every event type is registered once with its schema and version. Services validate the data they
 * append and read against it; the audit page and the consoles use the same names.
 */
export interface EventDefinition<Type extends string, Schema extends z.ZodType> {
  type: Type;
  version: number;
  schema: Schema;
}

export const defineEvent = <Type extends string, Schema extends z.ZodType>(
  type: Type,
  version: number,
  schema: Schema,
): EventDefinition<Type, Schema> => ({ type, version, schema });

export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.infer<S> } : never;

/** Personal data as it sits in an event: a plain value before encryption, an envelope after. */
export const encryptedValue = z.object({ $pii: z.string(), subject: z.string() });
export type EncryptedEnvelope = z.infer<typeof encryptedValue>;
export const personal = <S extends z.ZodType>(schema: S) => z.union([schema, encryptedValue]);
