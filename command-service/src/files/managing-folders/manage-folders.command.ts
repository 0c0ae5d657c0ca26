import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { FOLDER_PROFILE_SET, type createFolderRequestSchema, type editFolderRequestSchema, type moveRequestSchema } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { InjectPort, type PersonalDataCipher } from '@cn/platform';
import { FileCommands } from '../file-commands';

export const CREATE_FOLDER = 'CreateFolder';
export const EDIT_FOLDER = 'EditFolder';
export const MOVE_FOLDER = 'MoveFolder';
export const DELETE_FOLDER = 'DeleteFolder';

export type FolderChange =
  | { type: 'create'; request: z.output<typeof createFolderRequestSchema> }
  | { type: 'edit'; folder_id: string; request: z.output<typeof editFolderRequestSchema> }
  | { type: 'move'; folder_id: string; request: z.output<typeof moveRequestSchema> }
  | { type: 'delete'; folder_id: string };

/** New folder, edit, move and delete: the folder's stream decides, with the parent or target folder as it is now. */
export class ManageFolderCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: FolderChange,
  ) {
    super();
  }
}

@CommandHandler(ManageFolderCommand)
export class ManageFolderHandler implements ICommandHandler<ManageFolderCommand> {
  constructor(
    private readonly files: FileCommands,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
  ) {}

  async execute({ issuer, payload }: ManageFolderCommand): Promise<{ id: string; position: number }> {
    if (payload.type === 'create') {
      const scope = await this.files.scopeOfFolder(payload.request.parent_folder_id, 'parent_folder_id');
      const context = await this.files.context(issuer, scope);
      const parent = await this.files.folderRef(payload.request.parent_folder_id, context, 'parent_folder_id');
      const folderId = randomUUID();
      const description = await this.cipher.encrypt(context.viewer.member_id, payload.request.description);
      const profile = await this.files.profileInput(FOLDER_PROFILE_SET, scope, payload.request.folder_profile, await this.files.settings());
      const handled = await this.files.runFolder(CREATE_FOLDER, folderId, issuer, { type: 'CreateFolder', folder_id: folderId, parent, name: payload.request.name, description, context, profile });
      return { id: folderId, position: handled.position };
    }
    const state = await this.files.folderState(payload.folder_id);
    if (!state.scope) throw new DomainError('not_found', 'not_found');
    const context = await this.files.context(issuer, state.scope);
    switch (payload.type) {
      case 'edit': {
        const description = await this.cipher.encrypt(context.viewer.member_id, payload.request.description);
        const values = payload.request.folder_profile;
        const profile = values === undefined ? undefined : await this.files.profileInput(FOLDER_PROFILE_SET, state.scope, values, await this.files.settings());
        const handled = await this.files.runFolder(EDIT_FOLDER, payload.folder_id, issuer, { type: 'EditFolder', name: payload.request.name, description, context, profile }, payload.request.expected_revision);
        return { id: payload.folder_id, position: handled.position };
      }
      case 'move': {
        const target = await this.files.folderRef(payload.request.target_folder_id, context, 'target_folder_id');
        const handled = await this.files.runFolder(MOVE_FOLDER, payload.folder_id, issuer, { type: 'MoveFolder', target, context }, payload.request.expected_revision);
        return { id: payload.folder_id, position: handled.position };
      }
      case 'delete': {
        const handled = await this.files.runFolder(DELETE_FOLDER, payload.folder_id, issuer, { type: 'DeleteFolder', context });
        return { id: payload.folder_id, position: handled.position };
      }
      default: {
        const unknown: never = payload;
        throw new Error(`unknown change ${JSON.stringify(unknown)}`);
      }
    }
  }
}
