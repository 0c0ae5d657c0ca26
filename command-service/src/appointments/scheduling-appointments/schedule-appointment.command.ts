import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import {
  appointmentTarget,
  type createAppointmentRequestSchema,
  type toggleParticipationLockRequestSchema,
  type updateAppointmentRequestSchema,
} from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { RoomBookings } from '../../meeting-rooms/room-bookings';
import { fileIdsOf, refuseUnknownFiles } from '../attaching-files/file-references';
import { FileCommands } from '../../files/file-commands';
import { AppointmentWriter } from '../appointment-writer';

type Accepted = { position: number };

/** the appointment, or one occurrence of a series (`r-` id), a command is about */
interface OnAppointment {
  appointment_id: string;
}

/** A member creates an appointment in calendars they may add appointments to. */
export class CreateAppointmentCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof createAppointmentRequestSchema>,
  ) {
    super();
  }
}

/** An organizer edits the whole form, of the series or of one occurrence. */
export class UpdateAppointmentCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof updateAppointmentRequestSchema> & OnAppointment,
  ) {
    super();
  }
}

export class ToggleParticipationLockCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof toggleParticipationLockRequestSchema> & OnAppointment,
  ) {
    super();
  }
}

export class CancelAppointmentCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: OnAppointment,
  ) {
    super();
  }
}

export class DeleteAppointmentCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: OnAppointment,
  ) {
    super();
  }
}

export const SCHEDULE_APPOINTMENT = {
  create: 'CreateAppointment',
  update: 'UpdateAppointment',
  lock: 'ToggleParticipationLock',
  cancel: 'CancelAppointment',
  delete: 'DeleteAppointment',
} as const;

@CommandHandler(CreateAppointmentCommand)
export class CreateAppointmentHandler implements ICommandHandler<CreateAppointmentCommand> {
  constructor(
    private readonly writer: AppointmentWriter,
    private readonly bookings: RoomBookings,
    private readonly files: FileCommands,
  ) {}

  async execute({ issuer, payload: { appointment } }: CreateAppointmentCommand): Promise<{ id: string; position: number }> {
    const member = await this.writer.member(issuer);
    refuseUnknownFiles(appointment, await this.files.knownFiles(issuer, fileIdsOf(appointment)));
    const appointmentId = randomUUID();
    // category and room are checked against what the network has and who books the room meanwhile
    const handled = await this.bookings.write({ appointment_id: appointmentId, occurrence_start: null, fields: appointment }, (fields, verify) =>
      this.writer.execute({
        name: SCHEDULE_APPOINTMENT.create,
        issuer,
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
    private readonly files: FileCommands,
  ) {}

  async execute({ issuer, payload: { appointment, appointment_id: id } }: UpdateAppointmentCommand): Promise<Accepted> {
    const member = await this.writer.member(issuer);
    refuseUnknownFiles(appointment, await this.files.knownFiles(issuer, fileIdsOf(appointment)));
    const target = appointmentTarget(id);
    const booking = { appointment_id: target.appointmentId, occurrence_start: target.occurrenceStart, fields: appointment };
    const handled = await this.bookings.write(booking, (fields, verify) =>
      this.writer.execute({
        name: SCHEDULE_APPOINTMENT.update,
        issuer,
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

  async execute({ issuer, payload: request }: ToggleParticipationLockCommand): Promise<Accepted> {
    const handled = await this.writer.execute({
      name: SCHEDULE_APPOINTMENT.lock,
      issuer,
      member: await this.writer.member(issuer),
      appointmentId: appointmentTarget(request.appointment_id).appointmentId,
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

  async execute({ issuer, payload }: CancelAppointmentCommand): Promise<Accepted> {
    const target = appointmentTarget(payload.appointment_id);
    const handled = await this.writer.execute({
      name: SCHEDULE_APPOINTMENT.cancel,
      issuer,
      member: await this.writer.member(issuer),
      appointmentId: target.appointmentId,
      build: ({ access, now }) => ({ type: 'CancelAppointment', occurrence_start: target.occurrenceStart, access, now }),
    });
    return { position: handled.position };
  }
}

@CommandHandler(DeleteAppointmentCommand)
export class DeleteAppointmentHandler implements ICommandHandler<DeleteAppointmentCommand> {
  constructor(private readonly writer: AppointmentWriter) {}

  async execute({ issuer, payload }: DeleteAppointmentCommand): Promise<Accepted> {
    const target = appointmentTarget(payload.appointment_id);
    const handled = await this.writer.execute({
      name: SCHEDULE_APPOINTMENT.delete,
      issuer,
      member: await this.writer.member(issuer),
      appointmentId: target.appointmentId,
      build: ({ access, now }) => ({ type: 'DeleteAppointment', occurrence_start: target.occurrenceStart, access, now }),
    });
    return { position: handled.position };
  }
}
