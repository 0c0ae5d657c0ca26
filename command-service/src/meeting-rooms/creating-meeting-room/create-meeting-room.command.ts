import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { meetingRoomStream, type createMeetingRoomRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import type { Infrastructure } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { executeCommand } from '../../shared/execute-command';
import { meetingRoomDecider } from '../meeting-room.decider';

export const CREATE_MEETING_ROOM = 'CreateMeetingRoom';

/** Adds a room (also what the demo seed runs). */
export const createMeetingRoom = async (
  infra: Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics'>,
  room: { name: string; capacity: number | null },
  context: CommandContext,
): Promise<{ id: string; position: number }> => {
  const id = randomUUID();
  const handled = await executeCommand(infra, CREATE_MEETING_ROOM, {
    streamId: meetingRoomStream(id),
    decider: meetingRoomDecider,
    command: { type: 'CreateMeetingRoom', room_id: id, name: room.name, capacity: room.capacity },
    context,
  });
  return { id, position: handled.position };
};

/** An administrator adds a meeting room. */
export class CreateMeetingRoomCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof createMeetingRoomRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(CreateMeetingRoomCommand)
export class CreateMeetingRoomHandler implements ICommandHandler<CreateMeetingRoomCommand> {
  constructor(private readonly commands: CommandRunner) {}

  execute({ issuer, payload }: CreateMeetingRoomCommand): Promise<{ id: string; position: number }> {
    return createMeetingRoom(this.commands, payload.meeting_room, issuer);
  }
}
