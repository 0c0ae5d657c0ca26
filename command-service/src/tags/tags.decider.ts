import type { TagEvent, TagRecord } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/**
 * The network's tags stream: what administrators decided. Which tags exist comes from the catalogue the
 * handler reads (the command lookup, caught up with the log) and travels in the command; the stream's own
 * merges and deletions are checked as well, and its revision makes two decisions at once a 409.
 */
export interface TagsState {
  /** merged away or deleted */
  gone: Record<string, true>;
}

export type TagsCommand =
  | { type: 'RenameTag'; tag_id: string; name: string; tag: TagRecord | null; named: TagRecord | null }
  | { type: 'MergeTags'; tag_id: string; into_id: string; tag: TagRecord | null; into: TagRecord | null }
  | { type: 'DeleteTag'; tag_id: string; tag: TagRecord | null };

const existing = (state: TagsState, tag: TagRecord | null): TagRecord => {
  if (!tag || state.gone[tag.id]) throw new DomainError('not_found', 'not_found');
  return tag;
};

export const tagsDecider: Decider<TagsState, TagsCommand, TagEvent> = {
  initialState: () => ({ gone: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TagsMerged':
      case 'TagDeleted':
        return { gone: { ...state.gone, [event.data.tag_id]: true } };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RenameTag': {
        const tag = existing(state, command.tag);
        if (command.named && command.named.id !== tag.id) throw new DomainError('tag_name_taken', 'conflict', 'name');
        if (command.name === tag.name) return [];
        return [{ type: 'TagRenamed', data: { tag_id: tag.id, name: command.name, previous_name: tag.name } }];
      }
      case 'MergeTags': {
        const tag = existing(state, command.tag);
        if (command.into_id === tag.id) throw new DomainError('same_tag', 'invalid', 'into');
        if (!command.into || state.gone[command.into.id]) throw new DomainError('not_found', 'invalid', 'into');
        // public values would then hold an internal tag, and external members read public values
        if (command.into.internal && !tag.internal) throw new DomainError('internal_tag', 'invalid', 'into');
        return [{ type: 'TagsMerged', data: { tag_id: tag.id, into_id: command.into.id } }];
      }
      case 'DeleteTag': {
        const tag = existing(state, command.tag);
        return [{ type: 'TagDeleted', data: { tag_id: tag.id } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};
