import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';
import { sanitizeHtml } from '../channels/rich-text';
import { slugOfName } from '../groups/group-abilities';

/*
 * The imprint and the legal texts with their consent ledger (issue 14). The stream functions live here,
 * with the feature, so that the feature's files are its own (contracts/src/common/ids.ts is shared).
 */

/** The network's one imprint (web and mail). */
export const imprintStream = (): string => 'imprint';
/** Every legal text of the network in one stream: a handle is unique across texts, decided in one place. */
export const legalTextsStream = (): string => 'legal-texts';
/** What one member accepted, version by version: never shortened, never rewritten. */
export const legalConsentStream = (memberId: string): string => `legal-consents-${memberId}`;

export const LEGAL_NAME_MAX = 100;
export const LEGAL_HANDLE_MAX = 60;
export const LEGAL_STATEMENT_MAX = 500;
export const LEGAL_HTML_MAX = 200_000;
export const IMPRINT_HTML_MAX = 50_000;
export const LEGAL_HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const richText = (max: number) => z.string({ message: 'invalid_type' }).max(max, { message: 'too_long' }).transform((html) => sanitizeHtml(html));
const revision = z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' });

/** PUT /administration/imprint: both imprints sanitised on arrival; `revision` is the one the form was read at. */
export const imprintRequestSchema = z
  .object({
    content: richText(IMPRINT_HTML_MAX),
    mail_imprint: richText(IMPRINT_HTML_MAX),
    show_newsletter_info: z.boolean({ message: 'invalid_type' }),
    revision,
  })
  .strict();

const name = safeText(z.string().trim().min(1, { message: 'required' }).max(LEGAL_NAME_MAX, { message: 'too_long' }), 'invalid_type');
const handle = z
  .string({ message: 'invalid_type' })
  .trim()
  .max(LEGAL_HANDLE_MAX, { message: 'too_long' })
  .refine((value) => value === '' || LEGAL_HANDLE_PATTERN.test(value), { message: 'invalid_format' });
const statement = safeText(z.string().trim().max(LEGAL_STATEMENT_MAX, { message: 'too_long' }), 'invalid_type');
const text = richText(LEGAL_HTML_MAX).refine((html) => html.replace(/<[^>]*>/g, '').trim() !== '', { message: 'required' });

/** POST /administration/legal_texts: the first version is the text; an empty handle comes from the name. */
export const createLegalTextRequestSchema = z
  .object({
    name,
    handle: handle.default(''),
    statement: statement.default(''),
    text,
    requires_consent: z.boolean({ message: 'invalid_type' }).default(false),
    read_only: z.boolean({ message: 'invalid_type' }).default(false),
  })
  .strict()
  .transform((body) => ({ ...body, handle: body.handle || slugOfName(body.name).slice(0, LEGAL_HANDLE_MAX) }));

/**
 * PUT /administration/legal_texts/{id}: a changed text is a new version (versions are never rewritten);
 * `revision` is the one the form was read at (409 when someone saved in between).
 */
export const editLegalTextRequestSchema = z
  .object({ name, handle, statement: statement.default(''), text, requires_consent: z.boolean({ message: 'invalid_type' }).default(false), revision })
  .strict();

/** POST /api/v1/legal/acceptances: the member accepts the version they were shown. */
export const acceptLegalTextRequestSchema = z
  .object({
    legal_text_id: z.string({ message: 'invalid_type' }).trim().min(1, { message: 'required' }).max(100, { message: 'too_long' }),
    version: z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }),
  })
  .strict();

export const ImprintChanged = defineEvent(
  'ImprintChanged',
  1,
  z.object({ content: z.string(), mail_imprint: z.string(), show_newsletter_info: z.boolean() }),
);
export const LegalTextCreated = defineEvent(
  'LegalTextCreated',
  1,
  z.object({ legal_text_id: z.string(), name: z.string(), handle: z.string(), statement: z.string(), read_only: z.boolean() }),
);
export const LegalTextEdited = defineEvent(
  'LegalTextEdited',
  1,
  z.object({ legal_text_id: z.string(), name: z.string(), handle: z.string(), statement: z.string() }),
);
/** A version is immutable: its html and whether members must accept it are fixed when it is published. */
export const LegalTextVersionPublished = defineEvent(
  'LegalTextVersionPublished',
  1,
  z.object({ legal_text_id: z.string(), version: z.number().int(), html_text: z.string(), requires_consent: z.boolean() }),
);
export const LegalTextDeleted = defineEvent('LegalTextDeleted', 1, z.object({ legal_text_id: z.string() }));
/** The proof of consent: who (member_id and the event's author), which version, when (the event's time). */
export const LegalTextAccepted = defineEvent(
  'LegalTextAccepted',
  1,
  z.object({ legal_text_id: z.string(), version: z.number().int(), member_id: z.string() }),
);

export const imprintEvents = [ImprintChanged] as const;
export const legalTextEvents = [LegalTextCreated, LegalTextEdited, LegalTextVersionPublished, LegalTextDeleted] as const;
export const legalConsentEvents = [LegalTextAccepted] as const;
export const legalEvents = [...imprintEvents, ...legalTextEvents, ...legalConsentEvents] as const;
export type ImprintEvent = EventOf<typeof ImprintChanged>;
export type LegalTextEvent = EventOf<(typeof legalTextEvents)[number]>;
export type LegalConsentEvent = EventOf<typeof LegalTextAccepted>;
export type LegalEvent = ImprintEvent | LegalTextEvent | LegalConsentEvent;

/* ---- answers ---- */

export const imprintDtoSchema = z.object({
  content: z.string(),
  mail_imprint: z.string(),
  show_newsletter_info: z.boolean(),
  revision: z.number().int(),
  updated_at: z.string().nullable(),
});
export type ImprintDto = z.infer<typeof imprintDtoSchema>;

/** The public imprint (signed out too): no mail imprint, no revision. */
export const publicImprintDtoSchema = z.object({ content: z.string(), show_newsletter_info: z.boolean(), legal_texts: z.array(z.object({ name: z.string(), handle: z.string() })) });
export type PublicImprintDto = z.infer<typeof publicImprintDtoSchema>;

export const legalTextVersionDtoSchema = z.object({ version: z.number().int(), created_at: z.string(), html_text: z.string(), requires_consent: z.boolean() });
export type LegalTextVersionDto = z.infer<typeof legalTextVersionDtoSchema>;

export const legalTextDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  handle: z.string(),
  statement: z.string(),
  read_only: z.boolean(),
  updated_at: z.string(),
  revision: z.number().int(),
  /** the current version's html (the edit form's text) */
  text: z.string(),
  current_version: z.number().int(),
  /** the newest version members must have accepted, if any */
  consent_version: z.number().int().nullable(),
  acceptance_count: z.number().int(),
  versions: z.array(legalTextVersionDtoSchema),
});
export type LegalTextDto = z.infer<typeof legalTextDtoSchema>;

export const publicLegalTextDtoSchema = z.object({ name: z.string(), handle: z.string(), statement: z.string(), html_text: z.string(), version: z.number().int(), updated_at: z.string() });
export type PublicLegalTextDto = z.infer<typeof publicLegalTextDtoSchema>;

/** A version the signed-in member has yet to accept (the consent screen). */
export const pendingConsentDtoSchema = z.object({ legal_text_id: z.string(), name: z.string(), handle: z.string(), statement: z.string(), version: z.number().int(), html_text: z.string() });
export const pendingConsentsResponseSchema = z.object({ pending: z.array(pendingConsentDtoSchema) });
export type PendingConsentDto = z.infer<typeof pendingConsentDtoSchema>;
export type PendingConsentsResponse = z.infer<typeof pendingConsentsResponseSchema>;

/** One acceptance in the ledger (auditors and administrators; export): no secret, no address. */
export const legalAcceptanceDtoSchema = z.object({
  id: z.string(),
  legal_text_id: z.string(),
  legal_text_name: z.string(),
  version: z.number().int(),
  member_id: z.string(),
  member_name: z.string(),
  accepted_at: z.string(),
  position: z.number().int(),
});
export type LegalAcceptanceDto = z.infer<typeof legalAcceptanceDtoSchema>;
export const LEGAL_ACCEPTANCE_EXPORT_COLUMNS = ['legal_text_id', 'legal_text_name', 'version', 'member_id', 'member_name', 'accepted_at', 'position'] as const;
