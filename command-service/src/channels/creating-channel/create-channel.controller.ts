import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { channelCreatedAcceptedSchema, createChannelRequestSchema, type ChannelCreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CREATE_CHANNEL, CreateChannelCommand } from './create-channel.command';

@Controller('channels')
export class CreateChannelController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Create a channel { channel: { title, slug?, description?, status? } } (can.create_channels); the slug defaults to the title\'s',
    tags: ['channels'],
    auth: 'member',
    command: CREATE_CHANNEL,
    body: createChannelRequestSchema,
    responses: {
      201: commandAnswer('created, { id, slug, position }', channelCreatedAcceptedSchema, {
        GetChannel: { target: 'get /channels/{slug}', parameters: { slug: '$response.body#/slug' } },
      }),
      400: 'validation_failed (channel.title required, channel.slug invalid_format)',
      401: 'unauthenticated',
      403: 'forbidden or invalid_csrf_token',
      409: 'slug_taken (channel.slug)',
    },
  })
  async create(@Issuer() issuer: CommandContext, @Payload() payload: CreateChannelCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<ChannelCreatedAccepted> {
    const { id, slug, position } = await this.commands.execute(new CreateChannelCommand(issuer, payload));
    return { id, slug, ...commandAccepted(res, position) };
  }
}
