import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FILE_PROFILE_SET, MAX_LOCK_PERIOD_DAYS, sanitizeFileName, type PublishFilesRequest } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { createPrivateBlobStorage, InjectPort, type FileStorage, type KeyStore, type PersonalDataCipher, type PrivateBlobStorage } from '@cn/platform';
import { PostPublishedFilesCommand } from '../../activities/posting-activities/post-published-files.command';
import { FileCommands } from '../file-commands';
import type { FileState } from '../file.decider';

export type FileChange =
  | { type: 'rename'; name: string; expected_revision?: number }
  | { type: 'profile'; values: Record<string, string>; expected_revision?: number }
  | { type: 'move'; target_folder_id: string; expected_revision?: number }
  | { type: 'remove' }
  | { type: 'lock'; locked_until: string | null }
  | { type: 'unlock' }
  | { type: 'finalize' }
  | { type: 'approve'; version_id: string }
  | { type: 'decline'; version_id: string };

const NAMES: Record<FileChange['type'], string> = {
  rename: 'RenameFile',
  profile: 'ChangeFileProfile',
  move: 'MoveFile',
  remove: 'RemoveFile',
  lock: 'LockFile',
  unlock: 'UnlockFile',
  finalize: 'FinalizeFile',
  approve: 'ApproveFileVersion',
  decline: 'DeclineFileVersion',
};
export const fileCommandName = (type: FileChange['type']): string => NAMES[type];

/** One change of one file by the signed-in member. */
export class ChangeFileCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { file_id: string; change: FileChange },
  ) {
    super();
  }
}

@CommandHandler(ChangeFileCommand)
export class ChangeFileHandler implements ICommandHandler<ChangeFileCommand> {
  constructor(
    private readonly files: FileCommands,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  async execute({ issuer, payload }: ChangeFileCommand): Promise<{ position: number }> {
    const state = await this.files.fileState(payload.file_id);
    const context = await this.files.context(issuer, state.scope);
    const now = this.clock();
    const timed = { context, now: now.toISOString() };
    const change = payload.change;
    const name = fileCommandName(change.type);
    // a volatile upload is removed by its uploader with the same route (DELETE /api/storage/files/{id})
    if (change.type === 'remove' && state.state === 'volatile') {
      return { position: (await this.files.runFile(name, payload.file_id, issuer, { type: 'DiscardUpload', ...timed })).position };
    }
    switch (change.type) {
      case 'rename':
        return { position: (await this.files.runFile(name, payload.file_id, issuer, { type: 'RenameFile', name: sanitizeFileName(change.name), ...timed }, change.expected_revision)).position };
      case 'profile': {
        // a file nobody may see has no profile to read: the decider answers 404 before the profile is looked at
        const profile = state.scope ? await this.files.profileInput(FILE_PROFILE_SET, state.scope, change.values, await this.files.settings()) : { values: change.values, properties: [], enabled: false };
        return { position: (await this.files.runFile(name, payload.file_id, issuer, { type: 'ChangeFileProfile', profile, ...timed }, change.expected_revision)).position };
      }
      case 'move': {
        const target = await this.files.folderRef(change.target_folder_id, context, 'target_folder_id');
        return { position: (await this.files.runFile(name, payload.file_id, issuer, { type: 'MoveFile', target, ...timed }, change.expected_revision)).position };
      }
      case 'remove':
        return { position: (await this.files.runFile(name, payload.file_id, issuer, { type: 'RemoveFile', ...timed })).position };
      case 'lock': {
        const settings = await this.files.settings();
        const until = change.locked_until ? new Date(change.locked_until) : new Date(now.getTime() + settings.lock_period_days * 86_400_000);
        if (until.getTime() > now.getTime() + MAX_LOCK_PERIOD_DAYS * 86_400_000) throw new DomainError('too_big', 'invalid', 'locked_unitl');
        return { position: (await this.files.runFile(name, payload.file_id, issuer, { type: 'LockFile', locked_until: until.toISOString(), ...timed })).position };
      }
      case 'unlock':
        return { position: (await this.files.runFile(name, payload.file_id, issuer, { type: 'UnlockFile', ...timed })).position };
      case 'finalize':
        return { position: (await this.files.runFile(name, payload.file_id, issuer, { type: 'FinalizeFile', ...timed })).position };
      case 'approve':
        return { position: (await this.files.runFile(name, payload.file_id, issuer, { type: 'ApproveVersion', version_id: change.version_id, ...timed })).position };
      case 'decline':
        return { position: (await this.files.runFile(name, payload.file_id, issuer, { type: 'DeclineVersion', version_id: change.version_id, ...timed })).position };
      default: {
        const unknown: never = change;
        throw new Error(`unknown change ${JSON.stringify(unknown)}`);
      }
    }
  }
}

/** The new-files form: every upload into the one folder, each on its own stream (all are checked before any is published). */
export class PublishFilesCommand extends Command<{ position: number; file_ids: string[] }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: PublishFilesRequest,
    /** the uploads of a post going to its activity-stream folder: the post is there already */
    readonly ofPost = false,
  ) {
    super();
  }
}

export const PUBLISH_FILES = 'PublishFiles';

@CommandHandler(PublishFilesCommand)
export class PublishFilesHandler implements ICommandHandler<PublishFilesCommand> {
  private readonly privateBlobs: PrivateBlobStorage;

  constructor(
    private readonly files: FileCommands,
    private readonly commands: CommandBus,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
    @InjectPort('keyStore') keyStore: KeyStore,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {
    this.privateBlobs = createPrivateBlobStorage(storage, keyStore);
  }

  /**
   * A folder's file is the scope's: the sealed upload's bytes are stored again plain (streamed) before the
   * event that publishes them; a crash in between leaves plain bytes no event names, which the sweep removes.
   */
  private async unsealed(state: FileState): Promise<string | undefined> {
    const upload = state.versions[0];
    if (!upload?.sealed_for) return undefined;
    return (await this.storage.put(await this.privateBlobs.read(upload.sealed_for, upload.blob_key))).key;
  }

  async execute({ issuer, payload, ofPost }: PublishFilesCommand): Promise<{ position: number; file_ids: string[] }> {
    const folderId = payload.folder_ids[0];
    const scope = await this.files.scopeOfFolder(folderId, 'folder_ids.0');
    const context = await this.files.context(issuer, scope);
    const folder = await this.files.folderRef(folderId, context, 'folder_ids.0');
    const settings = await this.files.settings();
    const ids = [...new Set(payload.files.map((file) => file.id))];
    const states = await Promise.all(ids.map((id) => this.files.fileState(id)));
    // every upload is the issuer's and still volatile (or already published here: a retried form) before any is published
    states.forEach((state, index) => {
      if (state.state === 'none' || state.uploader_id !== context.viewer.member_id) throw new DomainError('not_found', 'not_found', `files.${index}.id`);
      if (state.state === 'removed') throw new DomainError('upload_removed', 'refused', `files.${index}.id`);
      if (state.state === 'published' && state.folder_id !== folderId) throw new DomainError('already_published', 'conflict', `files.${index}.id`);
    });
    // an activity-stream folder's files come from posts, which have no profile form
    const profile = folder.activitystream ? undefined : await this.files.profileInput(FILE_PROFILE_SET, scope, payload.file_profile, settings);
    let position = 0;
    for (const [index, state] of states.entries()) {
      if (state.state === 'published') continue;
      const description = await this.cipher.encrypt(context.viewer.member_id, payload.description);
      const handled = await this.files.runFile(PUBLISH_FILES, ids[index], issuer, {
        type: 'PublishFile',
        folder,
        name: state.name,
        description,
        settings,
        context,
        now: this.clock().toISOString(),
        unsealed_blob_key: await this.unsealed(state),
        profile,
      });
      position = Math.max(position, handled.position);
    }
    // an activity-stream folder holds what was posted in the stream: files added there from the form are posted
    if (!ofPost && (payload.post_to_stream || folder.activitystream)) {
      // after the files are the folder's (the post attaches them as published files of the scope); a retry after a
      // failure here publishes nothing again and appends the post it missed, never a second one
      const files = states.map((state, index) => ({ id: ids[index], name: state.name }));
      const posted = await this.commands.execute(new PostPublishedFilesCommand(issuer, { group_id: scope.group_id, files }));
      position = Math.max(position, posted.position);
    }
    return { position, file_ids: ids };
  }
}
