import type { GroupCategoryEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface GroupCategoryState {
  id: string;
  slug: string;
  name: string;
  plural_name: string;
  color: string;
  members_can_create: boolean;
}

/** The network's group categories (one stream) and the order of the directory tabs. */
export interface GroupCategoriesState {
  categories: GroupCategoryState[];
  /** slugs in tab order; categories not listed follow in creation order */
  order: string[];
}

export type GroupCategoriesCommand =
  | { type: 'CreateGroupCategory'; network_id: string; category: GroupCategoryState; network_admin: boolean }
  | { type: 'OrderGroupCategories'; network_id: string; order: string[]; network_admin: boolean };

export const initialGroupCategoriesState = (): GroupCategoriesState => ({ categories: [], order: [] });

export const evolveGroupCategories = (state: GroupCategoriesState, event: GroupCategoryEvent): GroupCategoriesState => {
  switch (event.type) {
    case 'GroupCategoryCreated': {
      const { category_id: id, ...rest } = event.data;
      return { ...state, categories: [...state.categories.filter((category) => category.id !== id), { id, ...rest }] };
    }
    case 'GroupCategoriesOrdered':
      return { ...state, order: event.data.order };
    default:
      return state;
  }
};

/** the categories in tab order */
export const orderedCategories = (state: GroupCategoriesState): GroupCategoryState[] => {
  const rank = (slug: string): number => {
    const index = state.order.indexOf(slug);
    return index === -1 ? state.order.length : index;
  };
  return state.categories.map((category, index) => ({ category, index })).sort((a, b) => rank(a.category.slug) - rank(b.category.slug) || a.index - b.index).map(({ category }) => category);
};

export const groupCategoriesDecider: Decider<GroupCategoriesState, GroupCategoriesCommand, GroupCategoryEvent> = {
  initialState: initialGroupCategoriesState,
  evolve: evolveGroupCategories,
  decide: (command, state) => {
    if (!command.network_admin) throw new DomainError('forbidden', 'forbidden');
    switch (command.type) {
      case 'CreateGroupCategory': {
        const { id, ...rest } = command.category;
        if (state.categories.some((category) => category.slug === rest.slug)) throw new DomainError('slug_taken', 'conflict', 'category.name');
        return [{ type: 'GroupCategoryCreated', data: { category_id: id, ...rest } }];
      }
      case 'OrderGroupCategories': {
        const known = new Set(state.categories.map((category) => category.slug));
        const unknown = command.order.findIndex((slug) => !known.has(slug));
        if (unknown !== -1) throw new DomainError('unknown_group_category', 'invalid', `order.${unknown}`);
        const order = [...new Set(command.order)];
        if (order.join('\n') === state.order.join('\n')) return [];
        return [{ type: 'GroupCategoriesOrdered', data: { network_id: command.network_id, order } }];
      }
    }
  },
};
