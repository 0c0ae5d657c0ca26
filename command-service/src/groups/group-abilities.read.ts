import { groupStream, type GroupCan, type GroupStreamEvent } from '@cn/contracts';
import type { EventStore } from '@cn/domain';
import type { LookupMember } from '../lookup/lookup.projections';
import { categoriesAdministeredBy, loadGroupCategories } from './group-categories.read';
import { abilitiesIn, type GroupActor } from './group.decider';
import { evolveGroup, initialGroupState } from './group-state';

/** The member as the group decider's actor: their roles and the categories they administrate (from the categories' stream). */
export const groupActorOf = async (eventStore: Pick<EventStore, 'readStream'>, member: LookupMember): Promise<GroupActor> => ({
  member_id: member._id,
  network_admin: member.roles.network_admin,
  external: member.roles.external,
  administered_category_ids: categoriesAdministeredBy(await loadGroupCategories(eventStore), member._id),
});

/** What a member may do about a group, from its own stream: the same rule as the `can` flags the consoles receive. `exists`: the group is there (not deleted). */
export const groupAbilitiesFor = async (eventStore: Pick<EventStore, 'readStream'>, groupId: string, member: LookupMember): Promise<GroupCan & { exists: boolean }> => {
  const events = await eventStore.readStream(groupStream(groupId));
  const state = events.reduce((folded, event) => evolveGroup(folded, { type: event.type, data: event.data } as GroupStreamEvent), initialGroupState());
  return { ...abilitiesIn(state, await groupActorOf(eventStore, member)), exists: state.exists && !state.deleted };
};
