import { ModuleRef } from '@nestjs/core';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberStream } from '@cn/contracts';
import { InjectPort, type DocumentStore, type FileStorage, type Infrastructure, type KeyStore } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { type CommandContext } from '@cn/domain';
import { executeCommand } from '../../shared/execute-command';
import { eraseMemberDecider } from './erase-member.decider';
import { eraseProfileImages } from './erase-profile-images';
import { BlobSweep } from '../../files/blob-sweep';

export const ERASE_MEMBER = 'EraseMember';

/** The event first, then the key: a failure in between is repaired by erasing again. */
export const eraseMember = async (
  infra: Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics' | 'keyStore'>,
  memberId: string,
  context: CommandContext,
): Promise<{ position: number }> => {
  const handled = await executeCommand(infra, ERASE_MEMBER, {
    streamId: memberStream(memberId),
    decider: eraseMemberDecider,
    command: { type: 'EraseMember', member_id: memberId, erased_by: context.memberId },
    context,
  });
  await infra.keyStore.destroy(memberId);
  return { position: handled.position };
};

/** An administrator erases a member (the guard checked the role). */
export class EraseMemberCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { member_id: string },
  ) {
    super();
  }
}

@CommandHandler(EraseMemberCommand)
export class EraseMemberHandler implements ICommandHandler<EraseMemberCommand> {
  constructor(
    private readonly commands: CommandRunner,
    @InjectPort('keyStore') private readonly keyStore: KeyStore,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('fileStorage') private readonly fileStorage: FileStorage,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** the files module's lookup of referenced bytes (absent when a deployment leaves the files module out) */
  private referencesLookup(): BlobSweep | null {
    try {
      return this.moduleRef.get(BlobSweep, { strict: false });
    } catch {
      return null;
    }
  }

  /** the event, the key, then the profile images' bytes: erasing again repairs a failure at any step */
  async execute({ issuer, payload }: EraseMemberCommand): Promise<{ position: number }> {
    const answer = await eraseMember({ ...this.commands, keyStore: this.keyStore }, payload.member_id, issuer);
    // the lookup of referenced bytes must know every image set so far, or shared bytes could be removed
    const references = this.referencesLookup();
    if (references && !(await references.caughtUp())) throw new Error('the lookup of referenced file bytes is behind: erase again');
    await eraseProfileImages({ eventStore: this.commands.eventStore, documentStore: this.documentStore, fileStorage: this.fileStorage }, payload.member_id);
    return answer;
  }
}
