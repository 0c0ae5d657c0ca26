import { Body, Controller, Delete, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createAppointmentRequestSchema, toggleParticipationLockRequestSchema, updateAppointmentRequestSchema, createdAcceptedSchema, type CommandAccepted, type CreatedAccepted } from '@cn/contracts';
import { commandAccepted, Ctx, openApi, commandAnswer, type RequestContext, type RouteLink } from '@cn/platform';
import {
  CancelAppointmentCommand,
  CreateAppointmentCommand,
  DeleteAppointmentCommand,
  ToggleParticipationLockCommand,
  UpdateAppointmentCommand,
} from './schedule-appointment.commands';

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

openApi.route({
  method: 'post',
  path: '/appointments',
  summary: 'Create an appointment in one or more calendars the member may add appointments to',
  tags,
  auth: 'member',
  body: createAppointmentRequestSchema,
  responses: { 201: commandAnswer('created, { id, position }', createdAcceptedSchema, appointmentLinks), ...refusals },
});
openApi.route({
  method: 'put',
  path: '/appointments/{id}',
  summary: 'Edit an appointment (the whole form); on an occurrence id (r-…) only that occurrence changes',
  tags,
  auth: 'member',
  body: updateAppointmentRequestSchema,
  responses: { 200: commandAnswer('accepted, { position }'), ...refusals, 422: 'not_recurring' },
});
openApi.route({
  method: 'patch',
  path: '/appointments/{id}',
  summary: 'Lock or unlock participation (appointment.attendee_configuration.participation_locked)',
  tags,
  auth: 'member',
  body: toggleParticipationLockRequestSchema,
  responses: { 200: commandAnswer('accepted, { position }'), ...refusals },
});
openApi.route({
  method: 'post',
  path: '/appointments/{id}/cancel',
  summary: 'Cancel an appointment, or one occurrence of a series',
  tags,
  auth: 'member',
  responses: { 200: commandAnswer('accepted, { position }'), ...refusals, 422: 'already_canceled' },
});
openApi.route({
  method: 'delete',
  path: '/appointments/{id}',
  summary: 'Delete an appointment, or take one occurrence out of its series',
  tags,
  auth: 'member',
  responses: { 200: commandAnswer('accepted, { position }'), ...refusals },
});

@Controller('appointments')
export class ScheduleAppointmentController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreateAppointmentCommand('', body, ctx));
    return { id, ...commandAccepted(res, position) };
  }

  @Put(':id')
  @HttpCode(200)
  async update(@Param('id') id: string, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new UpdateAppointmentCommand(id, body, ctx));
    return commandAccepted(res, position);
  }

  @Patch(':id')
  @HttpCode(200)
  async lock(@Param('id') id: string, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ToggleParticipationLockCommand(id, body, ctx));
    return commandAccepted(res, position);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Param('id') id: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new CancelAppointmentCommand(id, null, ctx));
    return commandAccepted(res, position);
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@Param('id') id: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new DeleteAppointmentCommand(id, null, ctx));
    return commandAccepted(res, position);
  }
}
