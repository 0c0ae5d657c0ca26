import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { markStreamReadRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { MARK_STREAM_READ, ReadStreamCommand } from './read-stream.command';

@Controller('api/v1/activitystreams/:slug/read')
export class ReadStreamController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: 'Mark a stream (\'all\', \'network\' or a group\'s slug) read up to a position { up_to }; only forward',
    tags: ['activities'],
    auth: 'member',
    command: MARK_STREAM_READ,
    body: markStreamReadRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed (up_to required)', 401: 'unauthenticated', 403: 'invalid_csrf_token', 404: 'not_found' },
  })
  async read(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Payload() payload: z.output<typeof markStreamReadRequestSchema>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ReadStreamCommand(issuer, { slug: slug.toLowerCase(), up_to: payload.up_to }));
    return commandAccepted(res, position);
  }
}
