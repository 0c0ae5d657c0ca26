import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchDeleteRequest, BatchMoveRequest, FileEvent, FolderEvent } from '@cn/contracts';
import { DomainError, WrongExpectedRevisionError, type CommandContext } from '@cn/domain';
import { InjectPort } from '@cn/platform';
import type { Logger } from 'pino';
import { FileCommands } from '../file-commands';
import { fileDecider, type FileCommand } from '../file.decider';
import { folderDecider, type FolderCommand } from '../folder.decider';

export const BATCH_MOVE = 'MoveFilesBatch';
export const BATCH_DELETE = 'DeleteFilesBatch';
export const UNDO_BATCH_CHANGE = 'UndoFilesBatchChange';

export type BatchChange = { type: 'move'; request: BatchMoveRequest } | { type: 'delete'; request: BatchDeleteRequest };

/** one item of a batch, decided: the command and the stream revision it was decided on */
type Planned =
  | { kind: 'file'; id: string; field: string; command: FileCommand; revision: number; name: string }
  | { kind: 'folder'; id: string; field: string; command: FolderCommand; revision: number; name: string };

/** the item a refusal is about: `file_ids.2`, `folder_ids.0` (the target keeps its own field) */
const naming = <T>(field: string, decide: () => T): T => {
  try {
    return decide();
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError(error.key, error.kind, error.field === 'target_folder_id' ? error.field : field);
    throw error;
  }
};

/**
 * Batch move and batch delete of files and folders (§7 "batch move and delete with file_ids, folder_ids,
 * target_folder_id, source_folder_id"): every item is decided by its own stream's decider with the files
 * rule, all of them before anything is appended, so one item the member may not move or delete refuses the
 * whole batch (naming the item) and nothing changes. An item changed by someone else while the batch was
 * decided answers 409 concurrency_conflict naming it, with nothing appended. Each item is then appended
 * at the revision it was decided on. The event store appends one stream at a time (no transaction across
 * streams), so an append failing after others landed (a change in the moment between the last check and
 * the appends, a storage failure) is compensated: the items already changed are undone, the last first
 * (moved back, restored), and the batch answers its error. Nothing of a failed batch stays in effect; its
 * history shows the change and its undo.
 */
export class BatchChangeFilesCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: BatchChange,
  ) {
    super();
  }
}

@CommandHandler(BatchChangeFilesCommand)
export class BatchChangeFilesHandler implements ICommandHandler<BatchChangeFilesCommand> {
  constructor(
    private readonly files: FileCommands,
    @InjectPort('clock') private readonly clock: () => Date,
    @InjectPort('logger') private readonly logger: Logger,
  ) {}

  async execute({ issuer, payload }: BatchChangeFilesCommand): Promise<{ position: number }> {
    const now = this.clock().toISOString();
    const planned: Planned[] = [];
    const { request } = payload;
    const fileIds = [...new Set(request.file_ids)];
    const folderIds = [...new Set(request.folder_ids)];
    for (const folderId of folderIds) {
      const field = `folder_ids.${request.folder_ids.indexOf(folderId)}`;
      const { state, revision } = await this.files.folderStateAt(folderId);
      if (!state.scope) throw new DomainError('not_found', 'not_found', field);
      const context = await this.files.context(issuer, state.scope);
      const command: FolderCommand =
        payload.type === 'move'
          ? { type: 'MoveFolder', target: await this.files.folderRef(payload.request.target_folder_id, context, 'target_folder_id'), context }
          : { type: 'DeleteFolder', context };
      naming(field, () => folderDecider.decide(command, state));
      planned.push({ kind: 'folder', id: folderId, field, command, revision, name: payload.type === 'move' ? 'MoveFolder' : 'DeleteFolder' });
    }
    for (const fileId of fileIds) {
      const field = `file_ids.${request.file_ids.indexOf(fileId)}`;
      const { state, revision } = await this.files.fileStateAt(fileId);
      const context = await this.files.context(issuer, state.scope);
      const timed = { context, now };
      let command: FileCommand;
      if (payload.type === 'move') command = { type: 'MoveFile', target: await this.files.folderRef(payload.request.target_folder_id, context, 'target_folder_id'), ...timed };
      else command = state.state === 'volatile' ? { type: 'DiscardUpload', ...timed } : { type: 'RemoveFile', ...timed };
      naming(field, () => fileDecider.decide(command, state));
      planned.push({ kind: 'file', id: fileId, field, command, revision, name: payload.type === 'move' ? 'MoveFile' : 'RemoveFile' });
    }
    // an item someone else changed while the batch was being decided: nothing is appended
    for (const item of planned) if (await this.files.changedSince(item.kind, item.id, item.revision)) throw new DomainError('concurrency_conflict', 'conflict', item.field);
    let position = 0;
    const done: Array<{ item: Planned; events: Array<FileEvent | FolderEvent> }> = [];
    for (const item of planned) {
      try {
        const handled =
          item.kind === 'file'
            ? await this.files.runFile(item.name, item.id, issuer, item.command, item.revision)
            : await this.files.runFolder(item.name, item.id, issuer, item.command, item.revision);
        done.push({ item, events: handled.events });
        position = Math.max(position, handled.position);
      } catch (error) {
        await this.compensate(issuer, done);
        // changed by someone else since the batch was decided
        if (error instanceof WrongExpectedRevisionError) throw new DomainError('concurrency_conflict', 'conflict', item.field);
        if (error instanceof DomainError) throw new DomainError(error.key, error.kind, item.field);
        throw error;
      }
    }
    return { position };
  }

  /**
   * Undoes the items a failing batch had already changed, the last first: a move goes back to where the item
   * was, a removal or deletion is restored (FileRestored, FolderRestored). Each undo is decided on the item's
   * stream as it is now and changes nothing when someone else changed the item since (it was theirs then).
   * An undo that cannot be appended is logged: the error of the batch is answered either way.
   */
  private async compensate(issuer: CommandContext, done: ReadonlyArray<{ item: Planned; events: Array<FileEvent | FolderEvent> }>): Promise<void> {
    for (const { item, events } of [...done].reverse()) {
      for (const undo of [...events].reverse()) {
        try {
          if (item.kind === 'file') await this.files.runFile(UNDO_BATCH_CHANGE, item.id, issuer, { type: 'UndoFileChange', undo: undo as FileEvent });
          else await this.files.runFolder(UNDO_BATCH_CHANGE, item.id, issuer, { type: 'UndoFolderChange', undo: undo as FolderEvent });
        } catch (error) {
          this.logger.error({ err: error, item: item.id, undo: undo.type }, 'a batch change could not be undone');
        }
      }
    }
  }
}
