import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { appointmentTarget } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { AppointmentWriter } from '../appointment-writer';

export const WAITLIST = { join: 'JoinWaitlist', leave: 'LeaveWaitlist' } as const;

/** Beyond the spec: while an enforced attendee limit is full, members wait for a place in order. */
export class WaitlistCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { appointment_id: string; action: 'join' | 'leave' },
  ) {
    super();
  }
}

@CommandHandler(WaitlistCommand)
export class WaitlistHandler implements ICommandHandler<WaitlistCommand> {
  constructor(private readonly writer: AppointmentWriter) {}

  async execute({ issuer, payload: { appointment_id: id, action } }: WaitlistCommand): Promise<{ position: number }> {
    const handled = await this.writer.execute({
      name: WAITLIST[action],
      issuer,
      member: await this.writer.member(issuer),
      appointmentId: appointmentTarget(id).appointmentId,
      build: ({ access, now }) => ({ type: WAITLIST[action], access, now }),
    });
    return { position: handled.position };
  }
}
