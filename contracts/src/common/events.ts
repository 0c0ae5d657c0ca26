import { z } from 'zod';

/**
 * Every event type is registered once with its schema and version. Services validate the data they
 * append and read against it; the audit page and the consoles use the same names.
 */
export interface EventDefinition<Type extends string, Schema extends z.ZodType> {
  type: Type;
  version: number;
  schema: Schema;
  /**
   * Upcasters by the version they read: `upcasters[1]` turns data of version 1 into version 2. Events
   * are stored as they were written and upcast whenever they are read (command path, projectors,
   * audit answers), so old events never need rewriting to change their shape.
   */
  upcasters?: Readonly<Record<number, (data: Record<string, unknown>) => Record<string, unknown>>>;
  /**
   * Top-level fields that hold a verifier the read side needs in clear (a token's SHA-256, looked up by
   * the feed that presents the token) but that no answer may show: the audit log redacts them.
   */
  verifiers?: readonly string[];
}

export const defineEvent = <Type extends string, Schema extends z.ZodType>(
  type: Type,
  version: number,
  schema: Schema,
  options: Pick<EventDefinition<Type, Schema>, 'upcasters' | 'verifiers'> = {},
): EventDefinition<Type, Schema> => ({ type, version, schema, ...options });

export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.infer<S> } : never;

/**
 * A stored event as one of these definitions' events, or null when it is of another type. Its data was
 * checked against the registered schema when it was read (platform's readEvent), so the type is earned,
 * not asserted by each reader.
 */
export const eventOf = <const Definitions extends ReadonlyArray<EventDefinition<string, z.ZodType>>>(
  definitions: Definitions,
  event: { type: string; data: unknown },
): EventOf<Definitions[number]> | null =>
  definitions.some((definition) => definition.type === event.type) ? ({ type: event.type, data: event.data } as EventOf<Definitions[number]>) : null;

/** Personal data as it sits in an event: a plain value before encryption, an envelope after. */
export const encryptedValue = z.object({ $pii: z.string(), subject: z.string() });
export type EncryptedEnvelope = z.infer<typeof encryptedValue>;
/** true for a personal value still sealed (an envelope), without a schema check */
export const isEncryptedEnvelope = (value: unknown): value is EncryptedEnvelope =>
  typeof value === 'object' && value !== null && typeof (value as { $pii?: unknown }).$pii === 'string' && typeof (value as { subject?: unknown }).subject === 'string';
export const personal = <S extends z.ZodType>(schema: S) => z.union([schema, encryptedValue]);

/**
 * A credential (password hash, reset-token hash, later factor secrets) as it sits in an event: sealed
 * with the key of the member it belongs to, like personal data, so that erasing the member destroys it.
 * Unlike personal data it is never revealed to a reader: projections, audit answers and exports see
 * SECRET_REDACTED in its place, and only the command side unseals it to verify a credential.
 *
 * `legacy: true` marks a credential that an event written before credentials were sealed carried in
 * clear text; the upcaster wraps it so that every reader redacts it all the same.
 */
export const sealedSecret = z.object({ $secret: z.string(), subject: z.string(), legacy: z.literal(true).optional() });
export type SealedSecret = z.infer<typeof sealedSecret>;

/** What every answer shows in place of a credential. */
export const SECRET_REDACTED = '[redacted]';

export const isSealedSecret = (value: unknown): value is SealedSecret =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { $secret?: unknown }).$secret === 'string' &&
  typeof (value as { subject?: unknown }).subject === 'string';

/** A copy of `data` with every sealed credential replaced by SECRET_REDACTED (the input stays as it is). */
export const redactSecrets = <T>(data: T): T => {
  const walk = (value: unknown): unknown => {
    if (isSealedSecret(value)) return SECRET_REDACTED;
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item)]));
    }
    return value;
  };
  return walk(data) as T;
};
