import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { legalConsentStream, type acceptLegalTextRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { legalConsentDecider } from '../legal.decider';
import { LegalTexts } from '../legal-texts.command';

export const ACCEPT_LEGAL_TEXT = 'AcceptLegalText';

export class AcceptLegalTextCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof acceptLegalTextRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(AcceptLegalTextCommand)
export class AcceptLegalTextHandler implements ICommandHandler<AcceptLegalTextCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly texts: LegalTexts,
  ) {}

  async execute({ issuer, payload }: AcceptLegalTextCommand): Promise<{ position: number }> {
    // the guard let only an active member through: the session's member accepts for themselves, never another
    const memberId = issuer.memberId ?? '';
    const handled = await this.commands.run(ACCEPT_LEGAL_TEXT, {
      streamId: legalConsentStream(memberId),
      decider: legalConsentDecider,
      command: { type: 'AcceptLegalText', member_id: memberId, ...payload, text: await this.texts.text(payload.legal_text_id) },
      context: issuer,
    });
    return { position: handled.position };
  }
}
