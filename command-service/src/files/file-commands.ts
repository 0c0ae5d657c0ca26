import { Injectable } from '@nestjs/common';
import {
  DEFAULT_FILE_SETTINGS,
  DEFAULT_NETWORK_ID,
  fileSettingsStream,
  fileStream,
  fileViewsStream,
  folderReadsStream,
  folderStream,
  groupStream,
  parentPropertySetContext,
  propertySetStream,
  resolvePropertySet,
  rootFolderScope,
  activityStreamFolderScope,
  rootFolderIdOf,
  type FileEvent,
  type FileScope,
  type FileSettings,
  type FileSettingsEvent,
  type FolderEvent,
  type FolderReadEvent,
  type FileReadFacts,
  type FileViewEvent,
  type PropertySetContext,
  type StoredPropertySet,
  type FileViewer,
} from '@cn/contracts';
import { loadState, type CommandContext, type HandledCommand } from '@cn/domain';
import { DomainError } from '@cn/domain';
import { CommandRunner } from '../core/command-runner';
import { CommandLookup } from '../lookup/command-lookup';
import { groupActorOf } from '../groups/group-abilities.read';
import { groupDecider, groupViewerOf } from '../groups/group.decider';
import type { AttachableFile } from './attaching-files';
import { currentMajor, fileDecider, initialFileState, type FileCommand, type FileState } from './file.decider';
import { fileViewsDecider, type FileViewCommand } from './file-views.decider';
import { folderReadsDecider, type FolderReadCommand } from './folder-reads.decider';
import { folderDecider, initialFolderState, type FilesContext, type FolderCommand, type FolderRef, type FolderState } from './folder.decider';
import { propertySetDecider } from '../property-sets/property-sets.decider';
import type { ProfileInput } from './file-profile';
import { fileSettingsDecider, type FileSettingsCommand } from './file-settings.decider';

/** folders nest at most this deep (a longer chain is a cycle or an attack) */
const MAX_DEPTH = 64;

/**
 * The steps every files command shares: who asks (as a viewer of the scope: their membership and admin
 * rights in the scope's group come from the group's own stream), the folders a command names (root
 * folders included) with their ancestors, the network's file settings, and the deciders on their streams.
 */
@Injectable()
export class FileCommands {
  constructor(
    readonly runner: CommandRunner,
    readonly lookup: CommandLookup,
  ) {}

  /**
   * the issuer as a viewer of the scope: their membership and admin rights in the scope's group, and whether they
   * administrate it through its category, from the group's and the categories' streams (`groupActorOf`, as every
   * group command decides)
   */
  async context(issuer: CommandContext, scope: FileScope | null): Promise<FilesContext> {
    const member = await this.lookup.issuer(issuer);
    const viewer: FileViewer = {
      member_id: member._id,
      network_admin: member.roles.network_admin,
      external: member.roles.external,
      group_ids: [],
      admin_group_ids: [],
      category_admin_group_ids: [],
    };
    if (!scope || scope.type === 'network') return { viewer, group_archived: false };
    const group = await this.group(scope.group_id);
    const member_of = group.exists && !group.deleted && group.members[member._id] !== undefined;
    // only a member sees the group's files: the facts of anybody else stay empty
    const administers = member_of && groupViewerOf(group, await groupActorOf(this.runner.eventStore, member));
    return {
      viewer: {
        ...viewer,
        group_ids: member_of ? [scope.group_id] : [],
        admin_group_ids: administers && administers.group_admin ? [scope.group_id] : [],
        category_admin_group_ids: administers && administers.category_admin ? [scope.group_id] : [],
      },
      group_archived: group.archived,
    };
  }

  /** through the group decider's state cache: only the group's events since the last command are read */
  private async group(groupId: string) {
    return (await loadState(this.runner.eventStore, groupStream(groupId), groupDecider, this.runner.snapshots)).state;
  }

  async folderState(folderId: string): Promise<FolderState> {
    const events = await this.runner.eventStore.readStream(folderStream(folderId));
    return events.reduce((state, event) => folderDecider.evolve(state, { type: event.type, data: event.data } as FolderEvent), initialFolderState());
  }

  async fileState(fileId: string): Promise<FileState> {
    const events = await this.runner.eventStore.readStream(fileStream(fileId));
    return events.reduce((state, event) => fileDecider.evolve(state, { type: event.type, data: event.data } as FileEvent), initialFileState());
  }

  /** a folder's state and its stream's revision (-1: no stream), for a batch appending at that revision */
  async folderStateAt(folderId: string): Promise<{ state: FolderState; revision: number }> {
    const events = await this.runner.eventStore.readStream(folderStream(folderId));
    const state = events.reduce((folded, event) => folderDecider.evolve(folded, { type: event.type, data: event.data } as FolderEvent), initialFolderState());
    return { state, revision: events.at(-1)?.revision ?? -1 };
  }

  async fileStateAt(fileId: string): Promise<{ state: FileState; revision: number }> {
    const events = await this.runner.eventStore.readStream(fileStream(fileId));
    const state = events.reduce((folded, event) => fileDecider.evolve(folded, { type: event.type, data: event.data } as FileEvent), initialFileState());
    return { state, revision: events.at(-1)?.revision ?? -1 };
  }

  /** whether a folder's or file's stream moved past `revision` (another command appended to it) */
  async changedSince(kind: 'file' | 'folder', id: string, revision: number): Promise<boolean> {
    const newer = await this.runner.eventStore.readStream(kind === 'file' ? fileStream(id) : folderStream(id), { fromRevision: revision + 1 });
    return newer.length > 0;
  }

  /** the scope of a folder (root or not); 404 when there is no such folder */
  async scopeOfFolder(folderId: string, field?: string): Promise<FileScope> {
    const root = rootFolderScope(folderId) ?? activityStreamFolderScope(folderId);
    if (root) return root;
    const state = await this.folderState(folderId);
    if (!state.scope) throw new DomainError('not_found', 'not_found', field);
    return state.scope;
  }

  /** a folder as a target of a command: live when it and every ancestor exist (a group's root while the group does) */
  async folderRef(folderId: string, context: FilesContext, field: string): Promise<FolderRef> {
    const root = rootFolderScope(folderId);
    if (root) {
      const live = root.type === 'network' || (await this.group(root.group_id)).exists;
      return { folder_id: folderId, scope: root, author_id: null, group_archived: context.group_archived, live, ancestors: [] };
    }
    const stream = activityStreamFolderScope(folderId);
    if (stream) {
      // the scope's activity-stream folder: virtual like the root, right below it
      const live = stream.type === 'network' || (await this.group(stream.group_id)).exists;
      return { folder_id: folderId, scope: stream, author_id: null, activitystream: true, group_archived: context.group_archived, live, ancestors: [rootFolderIdOf(stream)] };
    }
    const state = await this.folderState(folderId);
    if (!state.scope) throw new DomainError('not_found', 'not_found', field);
    const ancestors: string[] = [];
    let live = !state.deleted;
    let parent = state.parent_folder_id;
    while (live && !rootFolderScope(parent)) {
      if (ancestors.length >= MAX_DEPTH || ancestors.includes(parent)) {
        live = false;
        break;
      }
      ancestors.push(parent);
      const above = await this.folderState(parent);
      live = above.exists && !above.deleted;
      parent = above.parent_folder_id;
    }
    if (live) ancestors.push(parent);
    return { folder_id: folderId, scope: state.scope, author_id: state.author_id, group_archived: context.group_archived, live, ancestors };
  }

  /**
   * The ids among `fileIds` that name a file the issuer may see: a published file of a scope they see
   * (in a folder that still exists), or an upload of their own not yet published. Other modules (an
   * appointment's attachments) refuse the rest.
   */
  async knownFiles(issuer: CommandContext, fileIds: readonly string[]): Promise<Set<string>> {
    const known = new Set<string>();
    for (const fileId of new Set(fileIds)) {
      const state = await this.fileState(fileId);
      const context = await this.context(issuer, state.scope);
      if (state.state === 'volatile' && state.uploader_id === context.viewer.member_id) known.add(fileId);
      if (state.state !== 'published' || !state.scope) continue;
      if (state.scope.type === 'group' && !context.viewer.group_ids.includes(state.scope.group_id)) continue;
      if ((await this.folderRef(state.folder_id, context, 'folder_id')).live) known.add(fileId);
    }
    return known;
  }

  /**
   * The files a member attaches to a message or a post, in the order named: each with the version attached (the
   * current one; an upload's only one) and the facts of the file read rule (fileReadAccess), which the
   * deciders apply (acceptAttachments). null for an id that names no file (refused alike by the decider).
   */
  async attachable(issuer: CommandContext, fileIds: readonly string[]): Promise<AttachableFile[]> {
    const answers: AttachableFile[] = [];
    for (const fileId of fileIds) {
      const { state, facts } = await this.readFacts(issuer, fileId, 'attachments');
      const major = currentMajor(state);
      const version = state.state === 'volatile' ? state.versions[0] : state.versions.find((candidate) => candidate.major === major && !candidate.pending);
      answers.push({
        attachment: version && state.state !== 'none' && state.state !== 'removed' ? { file_id: fileId, version_id: version.version_id, name: state.state === 'volatile' ? state.original_filename : state.name } : null,
        facts,
      });
    }
    return answers;
  }

  /** the facts of the file read rule (fileReadAccess) for the issuer, but a message's: through the scope, or as the uploader */
  async readFacts(issuer: CommandContext, fileId: string, field: string): Promise<{ state: FileState; member_id: string; facts: Omit<FileReadFacts, 'attached_to_held_message'> }> {
    const state = await this.fileState(fileId);
    const context = await this.context(issuer, state.scope);
    const own_upload = state.state === 'volatile' && state.uploader_id === context.viewer.member_id;
    let published_in_visible_scope = false;
    if (state.state === 'published' && state.scope && (state.scope.type === 'network' || context.viewer.group_ids.includes(state.scope.group_id))) {
      published_in_visible_scope = (await this.folderRef(state.folder_id, context, field)).live;
    }
    return { state, member_id: context.viewer.member_id, facts: { published_in_visible_scope, own_upload } };
  }

  /**
   * What a command needs to decide on profile values sent for an item of `scope`: the values, the properties
   * of the `file_profile` or `folder_profile` set as the scope resolves it (a group's own set, else its
   * category's, else the network's) and whether profiles are on.
   */
  async profileInput(setName: string, scope: FileScope, values: Readonly<Record<string, string>>, settings: FileSettings): Promise<ProfileInput> {
    if (!settings.profiles_enabled) return { values, properties: [], enabled: false };
    const category = scope.type === 'group' ? ((await this.group(scope.group_id)).details?.group_category_id ?? null) : null;
    const parentOf = (at: PropertySetContext) => parentPropertySetContext(at, () => category);
    const context: PropertySetContext = scope.type === 'group' ? { context_type: 'group', context_id: scope.group_id } : { context_type: 'network', context_id: null };
    const sets = new Map<string, StoredPropertySet | null>();
    for (let at: PropertySetContext | null = context; at; at = parentOf(at)) {
      sets.set(`${at.context_type}:${at.context_id ?? ''}`, (await loadState(this.runner.eventStore, propertySetStream(setName, at), propertySetDecider)).state.set);
    }
    const resolved = resolvePropertySet(setName, context, true, (at) => sets.get(`${at.context_type}:${at.context_id ?? ''}`) ?? null, parentOf);
    return { values, properties: resolved?.properties ?? [], enabled: true };
  }

  async settings(): Promise<FileSettings> {
    const events = await this.runner.eventStore.readStream(fileSettingsStream(DEFAULT_NETWORK_ID));
    return events.reduce((state, event) => fileSettingsDecider.evolve(state, { type: event.type, data: event.data } as FileSettingsEvent), DEFAULT_FILE_SETTINGS);
  }

  runFolder(name: string, folderId: string, issuer: CommandContext, command: FolderCommand, expectedRevision?: number): Promise<HandledCommand<FolderEvent>> {
    return this.runner.run(name, { streamId: folderStream(folderId), decider: folderDecider, command, context: issuer, expectedRevision });
  }

  runFile(name: string, fileId: string, issuer: CommandContext, command: FileCommand, expectedRevision?: number): Promise<HandledCommand<FileEvent>> {
    return this.runner.run(name, { streamId: fileStream(fileId), decider: fileDecider, command, context: issuer, expectedRevision });
  }

  runFolderReads(name: string, memberId: string, issuer: CommandContext, command: FolderReadCommand): Promise<HandledCommand<FolderReadEvent>> {
    return this.runner.run(name, { streamId: folderReadsStream(memberId), decider: folderReadsDecider, command, context: issuer });
  }

  runFileViews(name: string, fileId: string, issuer: CommandContext, command: FileViewCommand): Promise<HandledCommand<FileViewEvent>> {
    return this.runner.run(name, { streamId: fileViewsStream(fileId), decider: fileViewsDecider, command, context: issuer });
  }

  runSettings(name: string, issuer: CommandContext, command: FileSettingsCommand): Promise<HandledCommand<FileSettingsEvent>> {
    return this.runner.run(name, { streamId: fileSettingsStream(DEFAULT_NETWORK_ID), decider: fileSettingsDecider, command, context: issuer });
  }
}
