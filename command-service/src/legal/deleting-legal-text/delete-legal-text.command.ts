import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { LegalTexts } from '../legal-texts.command';

export const DELETE_LEGAL_TEXT = 'DeleteLegalText';

export class DeleteLegalTextCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { legal_text_id: string },
  ) {
    super();
  }
}

@CommandHandler(DeleteLegalTextCommand)
export class DeleteLegalTextHandler implements ICommandHandler<DeleteLegalTextCommand> {
  constructor(private readonly texts: LegalTexts) {}

  execute({ issuer, payload }: DeleteLegalTextCommand): Promise<{ position: number }> {
    return this.texts.run(DELETE_LEGAL_TEXT, issuer, { type: 'DeleteLegalText', legal_text_id: payload.legal_text_id });
  }
}
