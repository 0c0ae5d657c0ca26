import { DEFAULT_NETWORK_ID, groupCategoriesStream, groupCategoryAbilities, type GroupCategoryCan, type GroupCategoryEvent } from '@cn/contracts';
import type { EventStore } from '@cn/domain';
import type { LookupMember } from '../lookup/lookup.projections';
import { evolveGroupCategories, initialGroupCategoriesState, type GroupCategoriesState, type GroupCategoryState } from './group-categories.decider';

/** the network's categories folded from their stream */
export const loadGroupCategories = async (eventStore: Pick<EventStore, 'readStream'>): Promise<GroupCategoriesState> =>
  (await eventStore.readStream(groupCategoriesStream(DEFAULT_NETWORK_ID))).reduce(
    (state, event) => evolveGroupCategories(state, { type: event.type, data: event.data } as GroupCategoryEvent),
    initialGroupCategoriesState(),
  );

/** the category a route names by id or slug, and what the member may do with it (the rule the read side answers as `can`) */
export const groupCategoryFor = (state: GroupCategoriesState, ref: string, member: LookupMember): { category: GroupCategoryState; can: GroupCategoryCan } | null => {
  const category = state.categories.find((candidate) => candidate.id === ref || candidate.slug === ref);
  if (!category) return null;
  return { category, can: groupCategoryAbilities(category, { member_id: member._id, network_admin: member.roles.network_admin, auditor: member.roles.auditor }) };
};

/** the ids of the categories the member administrates (who administrates a category administrates its groups) */
export const categoriesAdministeredBy = (state: GroupCategoriesState, memberId: string): string[] =>
  state.categories.filter((category) => category.admin_ids.includes(memberId)).map((category) => category.id);
