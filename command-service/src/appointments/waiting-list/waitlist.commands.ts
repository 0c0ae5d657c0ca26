import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { appointmentTarget } from '@cn/contracts';
import type { RequestContext } from '@cn/platform';
import { AppointmentWriter } from '../appointment-writer';

/** Beyond the spec: while an enforced attendee limit is full, members wait for a place in order. */
export class WaitlistCommand extends Command<{ position: number }> {
  constructor(
    readonly id: string,
    readonly action: 'join' | 'leave',
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(WaitlistCommand)
export class WaitlistHandler implements ICommandHandler<WaitlistCommand> {
  constructor(private readonly writer: AppointmentWriter) {}

  async execute({ id, action, ctx }: WaitlistCommand): Promise<{ position: number }> {
    const name = action === 'join' ? 'JoinWaitlist' : 'LeaveWaitlist';
    const member = await this.writer.member(name, ctx);
    const handled = await this.writer.execute({
      name,
      ctx,
      member,
      appointmentId: appointmentTarget(id).appointmentId,
      build: ({ access, now }) => ({ type: action === 'join' ? 'JoinWaitlist' : 'LeaveWaitlist', access, now }),
    });
    return { position: handled.position };
  }
}
