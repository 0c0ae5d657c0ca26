import { z } from 'zod';
import { defineEvent, personal, type EventOf } from '../common/events';
import { hasControlCharacters } from '../common/text-rules';
import type { MemberRoles } from './members';
import { CHANGE_REQUEST_FIELDS, MEMBER_NAME_MAX, PROFILE_FIELDS, type ChangeRequestField } from './profile-constants';


const name = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .max(MEMBER_NAME_MAX, { message: 'too_long' })
  .refine((text) => !hasControlCharacters(text), { message: 'invalid_characters' });

/** A calendar date (YYYY-MM-DD) that exists and is not in the future of the year 9999. */
const isCalendarDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** `PUT /members/{id}`: only the fields sent change; an empty birthday (null) removes it. */
export const updateMemberProfileRequestSchema = z
  .object({
    first_name: name.optional(),
    last_name: name.optional(),
    birthday: z.string().refine(isCalendarDate, { message: 'invalid_format' }).nullable().optional(),
    show_age: z.boolean().optional(),
  })
  .strict();
export type UpdateMemberProfileRequest = z.input<typeof updateMemberProfileRequestSchema>;

/**
 * A member's profile after an edit (the whole profile, with the fields that changed). Names and the
 * birthday are personal data, encrypted with the member's key like MemberRegistered's.
 */
export const MemberProfileChanged = defineEvent(
  'MemberProfileChanged',
  1,
  z.object({
    member_id: z.string(),
    first_name: personal(z.string()),
    last_name: personal(z.string()),
    birthday: personal(z.string()).nullable(),
    show_age: z.boolean(),
    changed_fields: z.array(z.enum(PROFILE_FIELDS)),
  }),
);

/** `PUT /onboarding/profile`: the profile data the network asks for; both names are required. */
export const onboardingProfileRequestSchema = z
  .object({
    first_name: name,
    last_name: name,
    birthday: z.string().refine(isCalendarDate, { message: 'invalid_format' }).nullable().optional(),
    show_age: z.boolean().optional(),
  })
  .strict();
export type OnboardingProfileRequest = z.input<typeof onboardingProfileRequestSchema>;

/** The answer of `PUT /onboarding/profile`: where the console goes next. */
export interface OnboardingAnswer {
  position: number;
  redirect_to: string;
}

/** A member stops (or starts again) seeing another member's messages and activities; kept on the ignoring member's stream. */
export const MemberIgnored = defineEvent('MemberIgnored', 1, z.object({ member_id: z.string(), ignored_member_id: z.string() }));
export const MemberUnignored = defineEvent('MemberUnignored', 1, z.object({ member_id: z.string(), ignored_member_id: z.string() }));

/** The network asked for profile data when the member registered: they are sent to /onboarding/profile until they complete it. */
export const MemberOnboardingRequested = defineEvent('MemberOnboardingRequested', 1, z.object({ member_id: z.string() }));
export const MemberOnboardingCompleted = defineEvent('MemberOnboardingCompleted', 1, z.object({ member_id: z.string() }));

export const memberProfileEvents = [MemberProfileChanged, MemberIgnored, MemberUnignored, MemberOnboardingRequested, MemberOnboardingCompleted] as const;
export type MemberProfileEvent = EventOf<(typeof memberProfileEvents)[number]>;

/** What a member may do about another member's (or their own) page: the `can` of a MemberDto. */
export interface MemberCan {
  /** edit names, birthday and the other profile fields */
  update_profile: boolean;
  /** edit the sign-in data (email, password) */
  update_registration: boolean;
  /** ignore or unignore this member */
  ignore: boolean;
  /** invite this internal member into one of the viewer's groups (the directory row's invite button) */
  invite_internal: boolean;
  /** invite this external member into one of the viewer's (externally visible) groups */
  invite_external: boolean;
  /** ask administrators to change the fields the network's change requests cover (one's own page only) */
  request_changes: boolean;
}

/** The network's change requests (`settings.member.change_requests`, absent: off). */
export interface ChangeRequestSettings {
  enabled: boolean;
  profile_fields: readonly ChangeRequestField[];
}

export const memberCanSchema = z.object({
  update_profile: z.boolean(),
  update_registration: z.boolean(),
  ignore: z.boolean(),
  invite_internal: z.boolean(),
  invite_external: z.boolean(),
  request_changes: z.boolean(),
}) satisfies z.ZodType<MemberCan>;

/** Who looks at a member: their id and roles; null for a signed-out visitor or an erased member. */
export interface MemberViewer {
  id: string;
  roles: MemberRoles;
}

/**
 * The one rule behind a member page's `can` flags and the refusals of its commands: a member edits
 * their own profile, network administrators anyone's; nobody edits an erased member; a member ignores
 * anyone but themself; internal members get the directory's invite buttons for others (the group's own
 * rules then decide each invite). Where the network has change requests, a member (not an administrator)
 * asks for changes of the fields they cover instead of editing them (`lockedProfileFields`).
 */
export const memberProfileAbilities = (
  viewer: MemberViewer | null,
  subject: { id: string; deleted: boolean; external?: boolean },
  changeRequests?: ChangeRequestSettings,
): MemberCan => {
  if (viewer === null || subject.deleted) {
    return { update_profile: false, update_registration: false, ignore: false, invite_internal: false, invite_external: false, request_changes: false };
  }
  const own = viewer.id === subject.id;
  const mayEdit = own || viewer.roles.network_admin;
  // external members invite nobody (they found no groups and see only externally visible ones)
  const mayInvite = !own && !viewer.roles.external;
  return {
    update_profile: mayEdit,
    update_registration: mayEdit,
    ignore: !own,
    invite_internal: mayInvite && subject.external !== true,
    invite_external: mayInvite && subject.external === true,
    // administrators change any field themselves
    request_changes: own && !viewer.roles.network_admin && changeRequests?.enabled === true && changeRequests.profile_fields.length > 0,
  };
};

/** The fields the viewer may not change themselves on this profile: those the network's change requests cover, for those who ask. */
export const lockedProfileFields = (viewer: MemberViewer | null, subject: { id: string; deleted: boolean }, changeRequests?: ChangeRequestSettings): ChangeRequestField[] =>
  memberProfileAbilities(viewer, subject, changeRequests).request_changes && changeRequests ? [...changeRequests.profile_fields] : [];

/** A member's age on a day (both YYYY-MM-DD); null without a birthday. */
export const ageOn = (birthday: string | null | undefined, today: string): number | null => {
  if (!birthday) return null;
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 ? age : null;
};

/** `POST /change_requests` (and /members/{id}/change_requests/new): the fields a member asks administrators to change. */
export const submitChangeRequestRequestSchema = z
  .object({
    first_name: name.optional(),
    last_name: name.optional(),
    birthday: z.string().refine(isCalendarDate, { message: 'invalid_format' }).nullable().optional(),
  })
  .strict();
export type SubmitChangeRequestRequest = z.input<typeof submitChangeRequestRequestSchema>;

/** A member asked administrators to change profile fields they do not edit themselves (values encrypted with the member's key). */
export const ChangeRequestSubmitted = defineEvent(
  'ChangeRequestSubmitted',
  1,
  z.object({
    change_request_id: z.string(),
    member_id: z.string(),
    fields: z.array(z.enum(CHANGE_REQUEST_FIELDS)),
    first_name: personal(z.string()).optional(),
    last_name: personal(z.string()).optional(),
    birthday: personal(z.string()).nullable().optional(),
    submitted_at: z.string(),
  }),
);
/** A network administrator accepted a change request; its change was applied (MemberProfileChanged) just before. */
export const ChangeRequestAccepted = defineEvent('ChangeRequestAccepted', 1, z.object({ change_request_id: z.string(), member_id: z.string() }));
export const ChangeRequestRejected = defineEvent('ChangeRequestRejected', 1, z.object({ change_request_id: z.string(), member_id: z.string() }));

export const changeRequestEvents = [ChangeRequestSubmitted, ChangeRequestAccepted, ChangeRequestRejected] as const;
export type ChangeRequestEvent = EventOf<(typeof changeRequestEvents)[number]>;

export const CHANGE_REQUEST_STATUSES = ['open', 'accepted', 'rejected'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** A change request as the administrators' list shows it. */
export interface ChangeRequestDto {
  id: string;
  member: { id: string; name: string };
  changes: { first_name?: string; last_name?: string; birthday?: string | null };
  fields: ChangeRequestField[];
  status: ChangeRequestStatus;
  submitted_at: string;
}
export const changeRequestDtoSchema = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), name: z.string() }),
  changes: z.object({ first_name: z.string().optional(), last_name: z.string().optional(), birthday: z.string().nullable().optional() }),
  fields: z.array(z.enum(CHANGE_REQUEST_FIELDS)),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  submitted_at: z.string(),
}) satisfies z.ZodType<ChangeRequestDto>;
