import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createMeetingRoomRequestSchema, meetingRoomStream, createdAcceptedSchema, type CreatedAccepted } from '@cn/contracts';
import { commandAccepted, Ctx, INFRASTRUCTURE, openApi, parseWith, commandAnswer, type Infrastructure, type RequestContext } from '@cn/platform';
import { type CommandContext } from '@cn/domain';
import { CommandLookup } from '../lookup/command-lookup';
import { countRefusal, executeCommand } from '../shared/execute-command';
import { meetingRoomDecider } from './meeting-room.decider';

const NAME = 'CreateMeetingRoom';

/** Adds a room (also what the demo seed runs). */
export const createMeetingRoom = async (
  infra: Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics'>,
  room: { name: string; capacity: number | null },
  context: CommandContext,
): Promise<{ id: string; position: number }> => {
  const id = randomUUID();
  const handled = await executeCommand(infra, NAME, {
    streamId: meetingRoomStream(id),
    decider: meetingRoomDecider,
    command: { type: 'CreateMeetingRoom', room_id: id, name: room.name, capacity: room.capacity },
    context,
  });
  return { id, position: handled.position };
};

export class CreateMeetingRoomCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(CreateMeetingRoomCommand)
export class CreateMeetingRoomHandler implements ICommandHandler<CreateMeetingRoomCommand> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ body, ctx }: CreateMeetingRoomCommand): Promise<{ id: string; position: number }> {
    const admin = await this.lookup.requireNetworkAdmin(ctx).catch((error: unknown) => countRefusal(this.infra, NAME, error));
    const { meeting_room } = parseWith(createMeetingRoomRequestSchema, body);
    return createMeetingRoom(this.infra, meeting_room, { memberId: admin._id, correlationId: ctx.correlationId, causationId: ctx.requestId });
  }
}

openApi.route({
  method: 'post',
  path: '/administration/meeting_rooms',
  summary: 'Add a meeting room { meeting_room: { name, capacity } }',
  tags: ['appointments'],
  auth: 'admin',
  body: createMeetingRoomRequestSchema,
  responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden or invalid_csrf_token' },
});

@Controller('administration/meeting_rooms')
export class CreateMeetingRoomController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreateMeetingRoomCommand(body, ctx));
    return { id, ...commandAccepted(res, position) };
  }
}
