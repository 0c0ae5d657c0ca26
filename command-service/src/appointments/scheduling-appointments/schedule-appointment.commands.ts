import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  appointmentTarget,
  createAppointmentRequestSchema,
  toggleParticipationLockRequestSchema,
  updateAppointmentRequestSchema,
} from '@cn/contracts';
import { parseWith, type RequestContext } from '@cn/platform';
import { RoomBookings } from '../../meeting-rooms/room-bookings';
import { AppointmentWriter } from '../appointment-writer';

type Accepted = { position: number };

/** Each command carries the request as received; the handler validates it once the sender is known. */
abstract class AppointmentRequest<Result = Accepted> extends Command<Result> {
  constructor(
    readonly id: string,
    readonly body: unknown,
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

export class CreateAppointmentCommand extends AppointmentRequest<{ id: string; position: number }> {}
export class UpdateAppointmentCommand extends AppointmentRequest {}
export class ToggleParticipationLockCommand extends AppointmentRequest {}
export class CancelAppointmentCommand extends AppointmentRequest {}
export class DeleteAppointmentCommand extends AppointmentRequest {}

@CommandHandler(CreateAppointmentCommand)
export class CreateAppointmentHandler implements ICommandHandler<CreateAppointmentCommand> {
  constructor(
    private readonly writer: AppointmentWriter,
    private readonly bookings: RoomBookings,
  ) {}

  async execute({ body, ctx }: CreateAppointmentCommand): Promise<{ id: string; position: number }> {
    const member = await this.writer.member('CreateAppointment', ctx);
    const { appointment } = parseWith(createAppointmentRequestSchema, body);
    const appointmentId = randomUUID();
    // category and room are checked against what the network has and who books the room meanwhile
    const handled = await this.bookings.write({ appointment_id: appointmentId, occurrence_start: null, fields: appointment }, (fields, verify) =>
      this.writer.execute({
        name: 'CreateAppointment',
        ctx,
        member,
        appointmentId,
        calendarIds: fields.calendar_ids,
        build: ({ access, now, state }) => {
          verify(state);
          return { type: 'CreateAppointment', appointment_id: appointmentId, fields, access, now };
        },
      }),
    );
    return { id: appointmentId, position: handled.position };
  }
}

@CommandHandler(UpdateAppointmentCommand)
export class UpdateAppointmentHandler implements ICommandHandler<UpdateAppointmentCommand> {
  constructor(
    private readonly writer: AppointmentWriter,
    private readonly bookings: RoomBookings,
  ) {}

  async execute({ id, body, ctx }: UpdateAppointmentCommand): Promise<Accepted> {
    const member = await this.writer.member('UpdateAppointment', ctx);
    const { appointment } = parseWith(updateAppointmentRequestSchema, body);
    const target = appointmentTarget(id);
    const booking = { appointment_id: target.appointmentId, occurrence_start: target.occurrenceStart, fields: appointment };
    const handled = await this.bookings.write(booking, (fields, verify) =>
      this.writer.execute({
        name: 'UpdateAppointment',
        ctx,
        member,
        appointmentId: target.appointmentId,
        calendarIds: fields.calendar_ids,
        build: ({ access, now, state }) => {
          verify(state);
          return { type: 'UpdateAppointment', occurrence_start: target.occurrenceStart, fields, access, now };
        },
      }),
    );
    return { position: handled.position };
  }
}

@CommandHandler(ToggleParticipationLockCommand)
export class ToggleParticipationLockHandler implements ICommandHandler<ToggleParticipationLockCommand> {
  constructor(private readonly writer: AppointmentWriter) {}

  async execute({ id, body, ctx }: ToggleParticipationLockCommand): Promise<Accepted> {
    const member = await this.writer.member('ToggleParticipationLock', ctx);
    const request = parseWith(toggleParticipationLockRequestSchema, body);
    const handled = await this.writer.execute({
      name: 'ToggleParticipationLock',
      ctx,
      member,
      appointmentId: appointmentTarget(id).appointmentId,
      build: ({ access, now }) => ({
        type: 'ToggleParticipationLock',
        participation_locked: request.appointment.attendee_configuration.participation_locked,
        access,
        now,
      }),
    });
    return { position: handled.position };
  }
}

@CommandHandler(CancelAppointmentCommand)
export class CancelAppointmentHandler implements ICommandHandler<CancelAppointmentCommand> {
  constructor(private readonly writer: AppointmentWriter) {}

  async execute({ id, ctx }: CancelAppointmentCommand): Promise<Accepted> {
    const member = await this.writer.member('CancelAppointment', ctx);
    const target = appointmentTarget(id);
    const handled = await this.writer.execute({
      name: 'CancelAppointment',
      ctx,
      member,
      appointmentId: target.appointmentId,
      build: ({ access, now }) => ({ type: 'CancelAppointment', occurrence_start: target.occurrenceStart, access, now }),
    });
    return { position: handled.position };
  }
}

@CommandHandler(DeleteAppointmentCommand)
export class DeleteAppointmentHandler implements ICommandHandler<DeleteAppointmentCommand> {
  constructor(private readonly writer: AppointmentWriter) {}

  async execute({ id, ctx }: DeleteAppointmentCommand): Promise<Accepted> {
    const member = await this.writer.member('DeleteAppointment', ctx);
    const target = appointmentTarget(id);
    const handled = await this.writer.execute({
      name: 'DeleteAppointment',
      ctx,
      member,
      appointmentId: target.appointmentId,
      build: ({ access, now }) => ({ type: 'DeleteAppointment', occurrence_start: target.occurrenceStart, access, now }),
    });
    return { position: handled.position };
  }
}
