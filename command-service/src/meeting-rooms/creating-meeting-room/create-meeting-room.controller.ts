import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createdAcceptedSchema, createMeetingRoomRequestSchema, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CREATE_MEETING_ROOM, CreateMeetingRoomCommand } from './create-meeting-room.command';

@Controller('administration/meeting_rooms')
export class CreateMeetingRoomController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Add a meeting room { meeting_room: { name, capacity } }',
    tags: ['appointments'],
    auth: 'admin',
    command: CREATE_MEETING_ROOM,
    body: createMeetingRoomRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden or invalid_csrf_token' },
  })
  async create(@Issuer() issuer: CommandContext, @Payload() payload: CreateMeetingRoomCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreateMeetingRoomCommand(issuer, payload));
    return { id, ...commandAccepted(res, position) };
  }
}
