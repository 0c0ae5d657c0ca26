import { groupStream, type GroupCan, type GroupStreamEvent } from '@cn/contracts';
import type { EventStore } from '@cn/domain';
import type { LookupMember } from '../lookup/lookup.projections';
import { abilitiesIn } from './group.decider';
import { evolveGroup, initialGroupState } from './group-state';

/** What a member may do about a group, from its own stream: the same rule as the `can` flags the consoles receive. */
export const groupAbilitiesFor = async (eventStore: Pick<EventStore, 'readStream'>, groupId: string, member: LookupMember): Promise<GroupCan> => {
  const events = await eventStore.readStream(groupStream(groupId));
  const state = events.reduce((folded, event) => evolveGroup(folded, { type: event.type, data: event.data } as GroupStreamEvent), initialGroupState());
  return abilitiesIn(state, { member_id: member._id, network_admin: member.roles.network_admin, external: member.roles.external });
};
