import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { createLegalTextRequestSchema, CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { LegalTexts } from '../legal-texts.command';

export const CREATE_LEGAL_TEXT = 'CreateLegalText';

export class CreateLegalTextCommand extends Command<CreatedAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof createLegalTextRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(CreateLegalTextCommand)
export class CreateLegalTextHandler implements ICommandHandler<CreateLegalTextCommand> {
  constructor(private readonly texts: LegalTexts) {}

  async execute({ issuer, payload }: CreateLegalTextCommand): Promise<CreatedAccepted> {
    const id = randomUUID();
    const { text, ...fields } = payload;
    const { position } = await this.texts.run(CREATE_LEGAL_TEXT, issuer, { type: 'CreateLegalText', legal_text_id: id, html_text: text, ...fields });
    return { id, position };
  }
}
