import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createdAcceptedSchema, createPageRequestSchema, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CREATE_PAGE, CreatePageCommand } from './create-page.command';

@Controller('administration/pages')
export class CreatePageController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Create a page (/pages/{slug}); its content is sanitised, an empty slug comes from the title',
    tags: ['pages'],
    auth: 'admin',
    command: CREATE_PAGE,
    body: createPageRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden', 409: 'slug_taken' },
  })
  async handle(@Issuer() issuer: CommandContext, @Payload() payload: CreatePageCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreatePageCommand(issuer, payload));
    return { id, ...commandAccepted(res, position) };
  }
}
