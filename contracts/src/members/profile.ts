import { z } from 'zod';
import { defineEvent, personal, type EventOf } from '../common/events';
import { hasControlCharacters } from '../common/text-rules';
import type { MemberRoles } from './members';
import { MEMBER_NAME_MAX, PROFILE_FIELDS } from './profile-constants';


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
}

export const memberCanSchema = z.object({
  update_profile: z.boolean(),
  update_registration: z.boolean(),
  ignore: z.boolean(),
  invite_internal: z.boolean(),
  invite_external: z.boolean(),
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
 * rules then decide each invite).
 */
export const memberProfileAbilities = (viewer: MemberViewer | null, subject: { id: string; deleted: boolean; external?: boolean }): MemberCan => {
  if (viewer === null || subject.deleted) return { update_profile: false, update_registration: false, ignore: false, invite_internal: false, invite_external: false };
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
  };
};

/** A member's age on a day (both YYYY-MM-DD); null without a birthday. */
export const ageOn = (birthday: string | null | undefined, today: string): number | null => {
  if (!birthday) return null;
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 ? age : null;
};
