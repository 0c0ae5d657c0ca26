import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { InjectPort } from '@cn/platform';
import { FileCommands } from '../file-commands';
import { currentWopiLock, publishedFileAbilities } from '../file.decider';

export const WOPI_LOCK_FILE = 'WopiLockFile';

/** the WOPI lock operations (X-WOPI-Override) with the lock ids they name */
export type WopiLockOperation =
  | { type: 'lock'; lock: string }
  | { type: 'unlock_and_relock'; lock: string; old_lock: string }
  | { type: 'refresh'; lock: string }
  | { type: 'unlock'; lock: string }
  | { type: 'get' };

/** One WOPI lock operation on a file, by the member the suite's access token names. Answers the lock now held ('' for none). */
export class WopiLockCommand extends Command<{ position: number | null; lock: string }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { file_id: string; operation: WopiLockOperation },
  ) {
    super();
  }
}

@CommandHandler(WopiLockCommand)
export class WopiLockHandler implements ICommandHandler<WopiLockCommand> {
  constructor(
    private readonly files: FileCommands,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  async execute({ issuer, payload }: WopiLockCommand): Promise<{ position: number | null; lock: string }> {
    const state = await this.files.fileState(payload.file_id);
    const context = await this.files.context(issuer, state.scope);
    const now = this.clock().toISOString();
    const { operation } = payload;
    if (operation.type === 'get') {
      // GetLock reads only: 404 for a file the member does not see, as every other call
      publishedFileAbilities(state, context, now);
      return { position: null, lock: currentWopiLock(state, now) };
    }
    const timed = { context, now };
    const command =
      operation.type === 'lock'
        ? ({ type: 'WopiLock', lock: operation.lock, ...timed } as const)
        : operation.type === 'unlock_and_relock'
          ? ({ type: 'WopiLock', lock: operation.lock, old_lock: operation.old_lock, ...timed } as const)
          : operation.type === 'refresh'
            ? ({ type: 'WopiRefreshLock', lock: operation.lock, ...timed } as const)
            : ({ type: 'WopiUnlock', lock: operation.lock, ...timed } as const);
    const handled = await this.files.runFile(WOPI_LOCK_FILE, payload.file_id, issuer, command);
    return { position: handled.position, lock: operation.type === 'unlock' ? '' : operation.lock };
  }
}
