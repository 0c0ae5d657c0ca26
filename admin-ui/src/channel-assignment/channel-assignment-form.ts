import type { AssignChannelSubscriptionsRequest } from '@cn/contracts';

/** what the assignment form holds */
export interface ChannelAssignmentValues {
  channels?: string[];
  member_ids?: string[];
  group_ids?: string[];
  subscribe_all_network_members?: boolean;
}

/**
 * The form's rules, the server's (assignChannelSubscriptionsRequestSchema): channels are required; members
 * or groups too, unless every network member is meant, when the pickers are ignored.
 */
export const validateChannelAssignment = (values: ChannelAssignmentValues): Record<string, string> => {
  const errors: Record<string, string> = {};
  if ((values.channels ?? []).length === 0) errors.channels = 'resources.channel_assignment.channels_required';
  if (!values.subscribe_all_network_members && (values.member_ids ?? []).length === 0 && (values.group_ids ?? []).length === 0) {
    errors.member_ids = 'resources.channel_assignment.members_required';
  }
  return errors;
};

/** the request body: members and groups as { id, type }, none when every network member is meant */
export const channelAssignmentBodyOf = (values: ChannelAssignmentValues): AssignChannelSubscriptionsRequest => {
  const all = values.subscribe_all_network_members === true;
  return {
    channels: values.channels ?? [],
    subscribe_all_network_members: all,
    members: all
      ? []
      : [...(values.member_ids ?? []).map((id) => ({ id, type: 'member' as const })), ...(values.group_ids ?? []).map((id) => ({ id, type: 'group' as const }))],
  };
};
