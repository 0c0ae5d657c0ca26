import { Controller, Delete, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { CommandBus, type Command } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createAppointmentRequestSchema, toggleParticipationLockRequestSchema, updateAppointmentRequestSchema, createdAcceptedSchema, type CommandAccepted, type CreatedAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload, type RouteLink } from '@cn/platform';
import {
  SCHEDULE_APPOINTMENT,
  CancelAppointmentCommand,
  CreateAppointmentCommand,
  DeleteAppointmentCommand,
  ToggleParticipationLockCommand,
  UpdateAppointmentCommand,
} from './schedule-appointment.command';

const tags = ['appointments'];
const byId = { id: '$response.body#/id' };
/** what can follow the creation of an appointment, on its id */
const appointmentLinks: Record<string, RouteLink> = {
  GetAppointment: { target: 'get /appointments/{id}', parameters: byId },
  UpdateAppointment: { target: 'put /appointments/{id}', parameters: byId },
  ToggleParticipationLock: { target: 'patch /appointments/{id}', parameters: byId },
  CancelAppointment: { target: 'post /appointments/{id}/cancel', parameters: byId },
  DeleteAppointment: { target: 'delete /appointments/{id}', parameters: byId },
  AddParticipants: { target: 'post /appointments/{id}/participants', parameters: byId },
  AnswerForMyself: { target: 'put /appointments/{id}/participants/{pid}', parameters: { ...byId, pid: 'me' } },
  RemoveMyself: { target: 'delete /appointments/{id}/participants/{pid}', parameters: { ...byId, pid: 'me' } },
  JoinWaitlist: { target: 'post /appointments/{id}/waitlist', parameters: byId },
  LeaveWaitlist: { target: 'delete /appointments/{id}/waitlist', parameters: byId },
  ContactAttendees: { target: 'post /appointments/{id}/contact', parameters: byId },
  StartMeeting: { target: 'post /appointments/{id}/start-meeting', parameters: byId },
  DownloadAttendees: { target: 'get /appointments/{id}/attendees.csv', parameters: byId },
};
const refusals = { 400: 'validation_failed (field + key)', 401: 'unauthenticated', 403: 'forbidden or invalid_csrf_token', 404: 'not_found' };

type Given<C extends { payload: object }> = Omit<C['payload'], 'appointment_id'>;

@Controller('appointments')
export class ScheduleAppointmentController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Create an appointment in one or more calendars the member may add appointments to',
    tags,
    auth: 'member',
    command: SCHEDULE_APPOINTMENT.create,
    body: createAppointmentRequestSchema,
    responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema, appointmentLinks), ...refusals },
  })
  async create(@Issuer() issuer: CommandContext, @Payload() payload: CreateAppointmentCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreateAppointmentCommand(issuer, payload));
    return { id, ...commandAccepted(res, position) };
  }

  @Put(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Edit an appointment (the whole form); on an occurrence id (r-…) only that occurrence changes',
    tags,
    auth: 'member',
    command: SCHEDULE_APPOINTMENT.update,
    body: updateAppointmentRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), ...refusals, 422: 'not_recurring' },
  })
  update(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Given<UpdateAppointmentCommand>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    return this.run(new UpdateAppointmentCommand(issuer, { ...payload, appointment_id: id }), res);
  }

  @Patch(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Lock or unlock participation (appointment.attendee_configuration.participation_locked)',
    tags,
    auth: 'member',
    command: SCHEDULE_APPOINTMENT.lock,
    body: toggleParticipationLockRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), ...refusals },
  })
  lock(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Given<ToggleParticipationLockCommand>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    return this.run(new ToggleParticipationLockCommand(issuer, { ...payload, appointment_id: id }), res);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Endpoint({
    summary: 'Cancel an appointment, or one occurrence of a series',
    tags,
    auth: 'member',
    command: SCHEDULE_APPOINTMENT.cancel,
    responses: { 200: commandAnswer('accepted, { position }'), ...refusals, 422: 'already_canceled' },
  })
  cancel(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.run(new CancelAppointmentCommand(issuer, { appointment_id: id }), res);
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({
    summary: 'Delete an appointment, or take one occurrence out of its series',
    tags,
    auth: 'member',
    command: SCHEDULE_APPOINTMENT.delete,
    responses: { 200: commandAnswer('accepted, { position }'), ...refusals },
  })
  remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.run(new DeleteAppointmentCommand(issuer, { appointment_id: id }), res);
  }

  private async run(command: Command<{ position: number }>, res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(command);
    return commandAccepted(res, position);
  }
}
