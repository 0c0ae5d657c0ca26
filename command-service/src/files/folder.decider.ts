import {
  folderAbilities,
  type EncryptedEnvelope,
  type FileScope,
  type FolderCan,
  type FolderEvent,
  type FolderFacts,
  type FileViewer,
} from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { decideProfile, type ProfileInput } from './file-profile';

export interface FolderState {
  exists: boolean;
  deleted: boolean;
  folder_id: string;
  scope: FileScope | null;
  parent_folder_id: string;
  name: string;
  author_id: string | null;
}

export const initialFolderState = (): FolderState => ({ exists: false, deleted: false, folder_id: '', scope: null, parent_folder_id: '', name: '', author_id: null });

/** What a command knows about the member and the scope at the time of deciding. */
export interface FilesContext {
  viewer: FileViewer;
  /** the scope's group is archived (read-only) */
  group_archived: boolean;
}

/** a folder as another aggregate's command sees it: root folders included, `live` when it and its ancestors exist */
export interface FolderRef extends FolderFacts {
  folder_id: string;
  live: boolean;
  /** the folder's ancestors up to its root, nearest first */
  ancestors: string[];
}

type Description = string | EncryptedEnvelope;

export type FolderCommand =
  | { type: 'CreateFolder'; folder_id: string; parent: FolderRef; name: string; description: Description; context: FilesContext; profile?: ProfileInput }
  /** `profile` absent: the folder's profile values stay */
  | { type: 'EditFolder'; name: string; description: Description; context: FilesContext; profile?: ProfileInput }
  | { type: 'MoveFolder'; target: FolderRef; context: FilesContext }
  | { type: 'DeleteFolder'; context: FilesContext }
  /** a batch's compensation (no rule: it undoes what the batch itself just did) */
  | { type: 'UndoFolderChange'; undo: FolderEvent };

export const folderFactsOf = (state: FolderState, context: FilesContext): FolderFacts => {
  if (!state.scope) throw new DomainError('not_found', 'not_found');
  return { scope: state.scope, author_id: state.author_id, group_archived: context.group_archived };
};

/** the folder's abilities; 404 for a viewer who may not see it (a group's folder to a non-member) */
const abilitiesOf = (state: FolderState, context: FilesContext): FolderCan => {
  const facts = folderFactsOf(state, context);
  if (state.deleted || (facts.scope.type === 'group' && !context.viewer.group_ids.includes(facts.scope.group_id))) throw new DomainError('not_found', 'not_found');
  return folderAbilities(facts, context.viewer);
};

/** a target folder the viewer may put things into (404 when gone or unseen, 403 without add rights) */
export const requireTarget = (target: FolderRef, context: FilesContext, field: string): void => {
  if (!target.live || (target.scope.type === 'group' && !context.viewer.group_ids.includes(target.scope.group_id))) throw new DomainError('not_found', 'not_found', field);
  if (!folderAbilities(target, context.viewer).add_files) throw new DomainError('forbidden', 'forbidden');
};

const sameScope = (a: FileScope, b: FileScope): boolean => a.type === b.type && a.group_id === b.group_id;
export { sameScope };

export const folderDecider: Decider<FolderState, FolderCommand, FolderEvent> = {
  initialState: initialFolderState,
  evolve: (state, event) => {
    switch (event.type) {
      case 'FolderCreated': {
        const { scope_type, group_id } = event.data;
        const scope: FileScope = scope_type === 'group' && group_id ? { type: 'group', group_id } : { type: 'network', group_id: null };
        return { ...state, exists: true, folder_id: event.data.folder_id, scope, parent_folder_id: event.data.parent_folder_id, name: event.data.name, author_id: event.data.author_id };
      }
      case 'FolderEdited':
        return { ...state, name: event.data.name };
      case 'FolderMoved':
        return { ...state, parent_folder_id: event.data.parent_folder_id };
      case 'FolderDeleted':
        return { ...state, deleted: true };
      case 'FolderRestored':
        return { ...state, deleted: false };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateFolder': {
        if (state.exists) throw new DomainError('concurrency_conflict', 'conflict');
        requireTarget(command.parent, command.context, 'parent_folder_id');
        if (!folderAbilities(command.parent, command.context.viewer).create_subfolders) throw new DomainError('forbidden', 'forbidden');
        const scope = command.parent.scope;
        const profile = decideProfile(command.profile, 'folder_profile');
        return [
          {
            type: 'FolderCreated',
            data: {
              folder_id: command.folder_id,
              scope_type: scope.type,
              group_id: scope.group_id,
              parent_folder_id: command.parent.folder_id,
              name: command.name,
              description: command.description,
              author_id: command.context.viewer.member_id,
              ...(profile ? { profile } : {}),
            },
          },
        ];
      }
      case 'EditFolder': {
        if (!abilitiesOf(state, command.context).update) throw new DomainError('forbidden', 'forbidden');
        const profile = decideProfile(command.profile, 'folder_profile');
        return [{ type: 'FolderEdited', data: { folder_id: state.folder_id, name: command.name, description: command.description, ...(profile ? { profile } : {}) } }];
      }
      case 'MoveFolder': {
        if (!abilitiesOf(state, command.context).destroy) throw new DomainError('forbidden', 'forbidden');
        requireTarget(command.target, command.context, 'target_folder_id');
        if (!state.scope || !sameScope(state.scope, command.target.scope)) throw new DomainError('invalid_target', 'refused', 'target_folder_id');
        // an activity-stream folder holds no subfolders
        if (command.target.activitystream) throw new DomainError('invalid_target', 'refused', 'target_folder_id');
        // into itself or below itself would cut the folder off from its root
        if (command.target.folder_id === state.folder_id || command.target.ancestors.includes(state.folder_id)) throw new DomainError('invalid_target', 'refused', 'target_folder_id');
        if (command.target.folder_id === state.parent_folder_id) return [];
        return [{ type: 'FolderMoved', data: { folder_id: state.folder_id, from_folder_id: state.parent_folder_id, parent_folder_id: command.target.folder_id } }];
      }
      case 'DeleteFolder':
        if (!abilitiesOf(state, command.context).destroy) throw new DomainError('forbidden', 'forbidden');
        return [{ type: 'FolderDeleted', data: { folder_id: state.folder_id } }];
      case 'UndoFolderChange': {
        const { undo } = command;
        if (undo.type === 'FolderMoved' && state.parent_folder_id === undo.data.parent_folder_id)
          return [{ type: 'FolderMoved', data: { folder_id: state.folder_id, from_folder_id: undo.data.parent_folder_id, parent_folder_id: undo.data.from_folder_id } }];
        if (undo.type === 'FolderDeleted' && state.deleted) return [{ type: 'FolderRestored', data: { folder_id: state.folder_id } }];
        return [];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
