import { z } from 'zod';
import { AUDIT_DEFAULT_LIMIT, AUDIT_MAX_LIMIT } from '../common/constants';

/** `GET /api/v1/audit/events` query (auditors and network administrators only). */
export const auditQuerySchema = z.object({
  stream: z.string().min(1).optional(),
  type: z.string().min(1).optional(),
  member: z.string().min(1).optional(),
  /** the events one request caused (a command's events and what followed from them) */
  correlation: z.string().min(1).optional(),
  from: z.iso.datetime({ offset: true, message: 'invalid_format' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'invalid_format' }).optional(),
  after: z.coerce.number().int().min(0, { message: 'too_small' }).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, { message: 'too_small' })
    .max(AUDIT_MAX_LIMIT, { message: 'too_big' })
    .default(AUDIT_DEFAULT_LIMIT),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditEventDto {
  id: string;
  position: number;
  stream: string;
  revision: number;
  type: string;
  schema_version: number;
  /** personal data revealed when the key still exists, else the deleted-member fallback */
  data: unknown;
  who: { id: string | null; name: string };
  when: string;
  correlation_id: string;
  causation_id: string;
}

export interface AuditEventsResponse {
  events: AuditEventDto[];
  /** pass as `after` (order asc) to continue; null at the end */
  next: number | null;
}

export const auditEventDtoSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  stream: z.string(),
  revision: z.number().int(),
  type: z.string(),
  schema_version: z.number().int(),
  data: z.unknown(),
  who: z.object({ id: z.string().nullable(), name: z.string() }),
  when: z.string(),
  correlation_id: z.string(),
  causation_id: z.string(),
}) satisfies z.ZodType<AuditEventDto>;
export const auditEventsResponseSchema = z.object({
  events: z.array(auditEventDtoSchema),
  next: z.number().int().nullable(),
}) satisfies z.ZodType<AuditEventsResponse>;

/**
 * GET /administration/audit-actors: the members an auditor may filter the history by, named as the
 * history's rows name them (no address, no other personal data).
 */
export interface AuditActorDto {
  id: string;
  name: string;
}
export const auditActorDtoSchema = z.object({ id: z.string(), name: z.string() }) satisfies z.ZodType<AuditActorDto>;

/**
 * GET /api/v1/audit/integrity: NDJSON, one line per chunk walked (`progress`), then the outcome (`result`).
 * `available: false` where the event store keeps no hash chain.
 */
export type IntegrityLine =
  | { type: 'progress'; checked: number; head: number }
  | {
      type: 'result';
      available: boolean;
      checked: number;
      /** the last event whose link held, and its hash (keep it outside the system to compare later) */
      head: { position: number; hash: string } | null;
      /** the first event whose stored hash does not follow; null when the whole history holds */
      first_break: number | null;
      verified_at: string;
    }
  /**
   * Last: the audit read model compared with the log up to where its projector stands; a row missing,
   * altered or without an event is named at its position.
   */
  | {
      type: 'read_model';
      checked: number;
      first_mismatch: { position: number; kind: 'missing' | 'altered' | 'extra' } | null;
    };

/** `GET /api/v1/audit/export`: the history or a filtered part of it as NDJSON, oldest first. */
export const auditExportQuerySchema = auditQuerySchema.pick({ stream: true, type: true, member: true, correlation: true, from: true, to: true });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/**
 * `GET /api/v1/audit/integrity/head`: the chain's newest link signed with the network's Ed25519 key, to
 * keep outside the system; `message` is what was signed (verify it with `public_key`, e.g. with openssl).
 */
export interface SignedChainHead {
  available: boolean;
  position: number;
  hash: string;
  signed_at: string;
  algorithm: 'Ed25519';
  message: string;
  signature: string;
  public_key: string;
}
export const signedChainHeadSchema = z.object({
  available: z.boolean(),
  position: z.number().int(),
  hash: z.string(),
  signed_at: z.string(),
  algorithm: z.literal('Ed25519'),
  message: z.string(),
  signature: z.string(),
  public_key: z.string(),
}) satisfies z.ZodType<SignedChainHead>;

/**
 * `GET /api/v1/audit/integrity/signatures`: the heads signed on the schedule (AUDIT_HEAD_SIGN_INTERVAL),
 * newest first; the next is due one interval after the newest (null when the schedule is off).
 */
export interface ChainHeadSignaturesResponse {
  signatures: SignedChainHead[];
  interval_ms: number;
  next_due_at: string | null;
}
export const chainHeadSignaturesResponseSchema = z.object({
  signatures: z.array(signedChainHeadSchema),
  interval_ms: z.number().int(),
  next_due_at: z.string().nullable(),
}) satisfies z.ZodType<ChainHeadSignaturesResponse>;

/** `GET /api/v1/audit/projections`: each read model's position beside the history's head. */
export interface ProjectionStatusDto {
  projector: string;
  name: string;
  collection: string;
  position: number;
  head: number;
  lag: number;
  failing: boolean;
}
export const projectionStatusDtoSchema = z.object({
  projector: z.string(),
  name: z.string(),
  collection: z.string(),
  position: z.number().int(),
  head: z.number().int(),
  lag: z.number().int(),
  failing: z.boolean(),
}) satisfies z.ZodType<ProjectionStatusDto>;

/**
 * `GET /api/v1/audit/time-travel`: one document of a read model as it stood at a position (or the last
 * position at a time), rebuilt from the history in a scratch space, beside the live one.
 */
export const timeTravelQuerySchema = z
  .object({
    read_model: z.string().min(1).max(100),
    id: z.string().min(1).max(200),
    position: z.coerce.number().int().min(0, { message: 'too_small' }).optional(),
    at: z.iso.datetime({ offset: true, message: 'invalid_format' }).optional(),
  })
  .refine((query) => query.position !== undefined || query.at !== undefined, { message: 'required', path: ['position'] });
export type TimeTravelQuery = z.infer<typeof timeTravelQuerySchema>;

export interface TimeTravelDto {
  read_model: string;
  id: string;
  /** the history's position the past document was rebuilt to */
  position: number;
  /** the document then (null: it did not exist) */
  then: unknown;
  /** the live document now (null: it does not exist) */
  now: unknown;
}
export const timeTravelDtoSchema = z.object({
  read_model: z.string(),
  id: z.string(),
  position: z.number().int(),
  then: z.unknown(),
  now: z.unknown(),
}) satisfies z.ZodType<TimeTravelDto>;
