import { z } from 'zod';

/** at most this many members or groups in one assignment (a whole network goes through subscribe_all_network_members) */
export const CHANNEL_ASSIGNMENT_MEMBERS_MAX = 5000;
/** at most this many channels in one assignment */
export const CHANNEL_ASSIGNMENT_CHANNELS_MAX = 200;

const id = z.string({ message: 'invalid_type' }).trim().min(1, { message: 'required' }).max(100, { message: 'too_long' });

/** a member, or a group whose members are meant; a missing type means a member */
const assignee = z
  .object({
    id,
    type: z.enum(['member', 'group'], { message: 'invalid_value' }).nullable().optional().transform((type) => type ?? 'member'),
  })
  .strict();

/**
 * POST /administration/channel_settings/assign_channel_subscriptions: subscribes the chosen members (or
 * every active member of the network) to the chosen channels, as if each had subscribed themselves.
 * Channels are required; with subscribe_all_network_members the members list is ignored (not even checked).
 */
export const assignChannelSubscriptionsRequestSchema = z
  .object({
    members: z.unknown().optional(),
    channels: z
      .array(z.string({ message: 'invalid_type' }).trim().toLowerCase().min(1, { message: 'required' }).max(100, { message: 'too_long' }), {
        message: 'invalid_type',
      })
      .min(1, { message: 'required' })
      .max(CHANNEL_ASSIGNMENT_CHANNELS_MAX, { message: 'too_big' })
      .transform((slugs) => [...new Set(slugs)]),
    subscribe_all_network_members: z.boolean({ message: 'invalid_type' }).default(false),
  })
  .strict()
  .superRefine((request, ctx) => {
    if (request.subscribe_all_network_members) return;
    const members = z
      .array(assignee, { message: 'invalid_type' })
      .min(1, { message: 'required' })
      .max(CHANNEL_ASSIGNMENT_MEMBERS_MAX, { message: 'too_big' })
      .safeParse(request.members ?? []);
    if (!members.success) for (const issue of members.error.issues) ctx.addIssue({ code: 'custom', path: ['members', ...issue.path], message: issue.message });
  })
  .transform(({ members, channels, subscribe_all_network_members }) => ({
    channels,
    subscribe_all_network_members,
    members: subscribe_all_network_members ? [] : dedupe(z.array(assignee).parse(members ?? [])),
  }));
export type AssignChannelSubscriptionsRequest = z.input<typeof assignChannelSubscriptionsRequestSchema>;
export type AssignChannelSubscriptions = z.output<typeof assignChannelSubscriptionsRequestSchema>;

const dedupe = (members: Array<{ id: string; type: 'member' | 'group' }>): Array<{ id: string; type: 'member' | 'group' }> => {
  const seen = new Set<string>();
  return members.filter((member) => {
    const key = `${member.type}:${member.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** the answer: how many member/channel subscriptions were added (0 when all already held) */
export const channelSubscriptionsAssignedSchema = z.object({ position: z.number().int(), added: z.number().int().min(0) });
export type ChannelSubscriptionsAssigned = z.infer<typeof channelSubscriptionsAssignedSchema>;
