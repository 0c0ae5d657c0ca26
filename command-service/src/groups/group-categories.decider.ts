import type { GroupCategoryEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface GroupCategoryState {
  id: string;
  slug: string;
  name: string;
  plural_name: string;
  color: string;
  members_can_create: boolean;
  /** its administrators (GroupCategoryAdministratorAdded/Removed) */
  admin_ids: string[];
}

/** The network's group categories (one stream) and the order of the directory tabs. */
export interface GroupCategoriesState {
  categories: GroupCategoryState[];
  /** slugs in tab order; categories not listed follow in creation order */
  order: string[];
}

export type GroupCategoriesCommand =
  | { type: 'CreateGroupCategory'; network_id: string; category: Omit<GroupCategoryState, 'admin_ids'>; network_admin: boolean }
  | { type: 'OrderGroupCategories'; network_id: string; order: string[]; network_admin: boolean }
  /** `member_active`: the handler's lookup of the member to name (an erased, locked or unknown member is no administrator) */
  | { type: 'SetGroupCategoryAdministrator'; category_id: string; member_id: string; administrator: boolean; member_active: boolean; network_admin: boolean };

export const initialGroupCategoriesState = (): GroupCategoriesState => ({ categories: [], order: [] });

export const evolveGroupCategories = (state: GroupCategoriesState, event: GroupCategoryEvent): GroupCategoriesState => {
  switch (event.type) {
    case 'GroupCategoryCreated': {
      const { category_id: id, ...rest } = event.data;
      return { ...state, categories: [...state.categories.filter((category) => category.id !== id), { id, ...rest, admin_ids: [] }] };
    }
    case 'GroupCategoriesOrdered':
      return { ...state, order: event.data.order };
    case 'GroupCategoryAdministratorAdded':
    case 'GroupCategoryAdministratorRemoved': {
      const { category_id, member_id } = event.data;
      const added = event.type === 'GroupCategoryAdministratorAdded';
      return {
        ...state,
        categories: state.categories.map((category) =>
          category.id === category_id ? { ...category, admin_ids: [...category.admin_ids.filter((id) => id !== member_id), ...(added ? [member_id] : [])] } : category,
        ),
      };
    }
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
      case 'SetGroupCategoryAdministrator': {
        const category = state.categories.find((candidate) => candidate.id === command.category_id);
        if (!category) throw new DomainError('not_found', 'not_found');
        const { category_id, member_id } = command;
        const { slug } = category;
        const already = category.admin_ids.includes(member_id);
        // setting what already holds appends nothing (PUT and DELETE are idempotent)
        if (already === command.administrator) return [];
        if (!command.administrator) return [{ type: 'GroupCategoryAdministratorRemoved', data: { category_id, slug, member_id } }];
        if (!command.member_active) throw new DomainError('not_found', 'invalid', 'member_id');
        return [{ type: 'GroupCategoryAdministratorAdded', data: { category_id, slug, member_id } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};

