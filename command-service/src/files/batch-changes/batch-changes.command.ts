import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchDeleteRequest, BatchMoveRequest } from '@cn/contracts';
import { DomainError, WrongExpectedRevisionError, type CommandContext } from '@cn/domain';
import { InjectPort } from '@cn/platform';
import { FileCommands } from '../file-commands';
import { fileDecider, type FileCommand } from '../file.decider';
import { folderDecider, type FolderCommand } from '../folder.decider';

export const BATCH_MOVE = 'MoveFilesBatch';
export const BATCH_DELETE = 'DeleteFilesBatch';

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
 * at the revision it was decided on: there is no transaction across streams, so a change landing in the
 * moment between that last check and the appends still answers 409 but leaves the items before it done.
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
    for (const item of planned) {
      try {
        const handled =
          item.kind === 'file'
            ? await this.files.runFile(item.name, item.id, issuer, item.command, item.revision)
            : await this.files.runFolder(item.name, item.id, issuer, item.command, item.revision);
        position = Math.max(position, handled.position);
      } catch (error) {
        // changed by someone else since the batch was decided
        if (error instanceof WrongExpectedRevisionError) throw new DomainError('concurrency_conflict', 'conflict', item.field);
        if (error instanceof DomainError) throw new DomainError(error.key, error.kind, item.field);
        throw error;
      }
    }
    return { position };
  }
}
