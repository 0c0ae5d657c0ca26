import { z } from 'zod';
import { PRESENCE_TYPES, STATUS_TEXT_MAX } from '../common/constants';
import { defineEvent, personal, sealedSecret, type EventOf } from '../common/events';
import { hasControlCharacters, normalizeStatusText } from '../common/text-rules';
import { memberCanSchema, type MemberCan } from './profile';

export const presenceTypeSchema = z.enum(PRESENCE_TYPES);
export type PresenceType = z.infer<typeof presenceTypeSchema>;


export const setPresenceRequestSchema = z.object({
  type: presenceTypeSchema,
  text: z
    .string()
    .transform(normalizeStatusText)
    .pipe(z.string().max(STATUS_TEXT_MAX, { message: 'too_long' }).refine((text) => !hasControlCharacters(text), { message: 'invalid_characters' }))
    .default(''),
});
export type SetPresenceRequest = z.input<typeof setPresenceRequestSchema>;

export const signInRequestSchema = z.object({
  email: z.string().trim().min(1, { message: 'required' }).email({ message: 'invalid_format' }),
  password: z.string().min(1, { message: 'required' }),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const memberRolesSchema = z.object({
  network_admin: z.boolean(),
  auditor: z.boolean(),
  external: z.boolean(),
});
export type MemberRoles = z.infer<typeof memberRolesSchema>;

/**
 * Personal fields (email, names, status text) are encrypted with the member's key in the store; the
 * password's scrypt hash is a sealed secret (never revealed to any reader, destroyed with the key).
 * Version 1 carried the hash in clear text: its upcaster wraps it as a legacy secret, so every reader
 * redacts it like a sealed one (`reencrypt-credentials` seals such events offline).
 */
export const MemberRegistered = defineEvent(
  'MemberRegistered',
  2,
  z.object({
    member_id: z.string(),
    email: personal(z.string()),
    first_name: personal(z.string()),
    last_name: personal(z.string()),
    password_hash: sealedSecret,
    roles: memberRolesSchema,
  }),
  {
    upcasters: {
      1: (data) => ({
        ...data,
        password_hash: {
          $secret: typeof data['password_hash'] === 'string' ? data['password_hash'] : '',
          subject: typeof data['member_id'] === 'string' ? data['member_id'] : '',
          legacy: true,
        },
      }),
    },
  },
);

/** How a password came to change: the member themself, a reset link, or a network administrator. */
export const PASSWORD_CHANGE_REASONS = ['changed', 'reset', 'set_by_admin'] as const;
export type PasswordChangeReason = (typeof PASSWORD_CHANGE_REASONS)[number];

export const MemberPasswordChanged = defineEvent(
  'MemberPasswordChanged',
  1,
  z.object({ member_id: z.string(), password_hash: sealedSecret, reason: z.enum(PASSWORD_CHANGE_REASONS) }),
);

/**
 * A reset link was mailed. The stream keeps only the sealed SHA-256 of its token, valid until
 * `expires_at` and for one use (a later MemberPasswordChanged or a newer request ends it).
 */
export const MemberPasswordResetRequested = defineEvent(
  'MemberPasswordResetRequested',
  1,
  z.object({ member_id: z.string(), token_hash: sealedSecret, expires_at: z.string() }),
);

export const MemberPresenceChanged = defineEvent(
  'MemberPresenceChanged',
  1,
  z.object({ member_id: z.string(), type: presenceTypeSchema, text: personal(z.string()) }),
);

export const MemberRolesChanged = defineEvent(
  'MemberRolesChanged',
  1,
  z.object({ member_id: z.string(), roles: memberRolesSchema }),
);

/** The member's key is destroyed with this event; their earlier events read as the deleted-member fallback. */
export const MemberErased = defineEvent('MemberErased', 1, z.object({ member_id: z.string() }));

export const memberEvents = [
  MemberRegistered,
  MemberPresenceChanged,
  MemberRolesChanged,
  MemberPasswordChanged,
  MemberPasswordResetRequested,
  MemberErased,
] as const;

export type MemberEvent =
  | EventOf<typeof MemberRegistered>
  | EventOf<typeof MemberPasswordChanged>
  | EventOf<typeof MemberPasswordResetRequested>
  | EventOf<typeof MemberPresenceChanged>
  | EventOf<typeof MemberRolesChanged>
  | EventOf<typeof MemberErased>;

/** Member as the read side answers it (`GET /members/{id}`, directory entries, `current_member`). */
export interface MemberDto {
  id: string;
  displayName: string;
  name: string;
  first_name: string;
  last_name: string;
  email?: string;
  images: { small: string | null; large: string | null };
  is_external: boolean;
  is_network_admin: boolean;
  is_auditor: boolean;
  deleted: boolean;
  path: string;
  /** absent when the network hides online status (`show_online_status: disabled`) */
  status?: { type: PresenceType; text: string };
  /** YYYY-MM-DD; to the member themself and network administrators only */
  birthday?: string | null;
  show_age?: boolean;
  /** shown to everyone when the member chose 'show my age' */
  age?: number;
  /** what the viewer may do about this member (absent in lists) */
  can?: MemberCan;
  /** to the member themself: their network asked for profile data and they have not given it yet */
  onboarding_pending?: boolean;
  /** the network-wide membership roles the member holds (the directory's role badges) */
  roles?: Array<{ id: string; name: string }>;
}

export interface DirectoryMembersResponse {
  entries: MemberDto[];
  pagination: { page: number; per_page: number; total: number; total_pages: number };
}

export const memberDtoSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().optional(),
  images: z.object({ small: z.string().nullable(), large: z.string().nullable() }),
  is_external: z.boolean(),
  is_network_admin: z.boolean(),
  is_auditor: z.boolean(),
  deleted: z.boolean(),
  path: z.string(),
  status: z.object({ type: presenceTypeSchema, text: z.string() }).optional(),
  birthday: z.string().nullable().optional(),
  show_age: z.boolean().optional(),
  age: z.number().int().optional(),
  can: memberCanSchema.optional(),
  onboarding_pending: z.boolean().optional(),
  roles: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
}) satisfies z.ZodType<MemberDto>;
export const directoryMembersResponseSchema = z.object({
  entries: z.array(memberDtoSchema),
  pagination: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int(), total_pages: z.number().int() }),
}) satisfies z.ZodType<DirectoryMembersResponse>;

/** `GET /members/{id}/ignored`: the members one ignores, last ignored first. */
export interface IgnoredMembersResponse {
  members: MemberDto[];
}
export const ignoredMembersResponseSchema = z.object({ members: z.array(memberDtoSchema) }) satisfies z.ZodType<IgnoredMembersResponse>;
