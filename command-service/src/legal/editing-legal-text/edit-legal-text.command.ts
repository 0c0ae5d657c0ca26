import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { editLegalTextRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { LegalTexts } from '../legal-texts.command';

export const EDIT_LEGAL_TEXT = 'EditLegalText';

export class EditLegalTextCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof editLegalTextRequestSchema> & { legal_text_id: string },
  ) {
    super();
  }
}

@CommandHandler(EditLegalTextCommand)
export class EditLegalTextHandler implements ICommandHandler<EditLegalTextCommand> {
  constructor(private readonly texts: LegalTexts) {}

  execute({ issuer, payload }: EditLegalTextCommand): Promise<{ position: number }> {
    const { text, ...fields } = payload;
    return this.texts.run(EDIT_LEGAL_TEXT, issuer, { type: 'EditLegalText', html_text: text, ...fields });
  }
}
