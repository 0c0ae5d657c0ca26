import { Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  createCalendarRequestSchema,
  createdAcceptedSchema,
  shareCalendarRequestSchema,
  updateCalendarRequestSchema,
  type CommandAccepted,
  type CreatedAccepted,
} from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CALENDAR_CHANGES, ChangeCalendarCommand, CREATE_CALENDAR, CreateCalendarCommand, type CalendarChange } from './manage-calendars.commands';

const tags = ['calendars'];
const refusals = { 400: 'validation_failed (calendar.name required, unknown_member)', 401: 'unauthenticated', 403: 'forbidden or invalid_csrf_token', 404: 'not_found' };
const accepted = commandAnswer('accepted, { position }');

@Controller('calendars')
export class ManageCalendarsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Create a calendar: personal (any member; membership_ids share it), network (admins), group (parent_id; group admins); colour random from the palette when not given',
    tags,
    auth: 'member',
    command: CREATE_CALENDAR,
    body: createCalendarRequestSchema,
    responses: {
      201: commandAnswer('created, { id, position }', createdAcceptedSchema, {
        GetCalendar: { target: 'get /calendars/{id}', parameters: { id: '$response.body#/id' } },
        UpdateCalendar: { target: 'put /calendars/{id}', parameters: { id: '$response.body#/id' } },
        DeleteCalendar: { target: 'delete /calendars/{id}', parameters: { id: '$response.body#/id' } },
        ShareCalendar: { target: 'post /calendars/{id}/share', parameters: { id: '$response.body#/id' } },
        RemoveCalendarShare: { target: 'delete /calendars/{id}/share', parameters: { id: '$response.body#/id' } },
        CreateAppointmentInCalendar: { target: 'post /appointments', requestBody: { appointment: { calendar_ids: ['$response.body#/id'] } } },
      }),
      ...refusals,
      422: 'unknown_group',
    },
  })
  async create(@Issuer() issuer: CommandContext, @Payload() payload: CreateCalendarCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreateCalendarCommand(issuer, payload));
    return { id, ...commandAccepted(res, position) };
  }

  @Put(':id')
  @HttpCode(200)
  @Endpoint({ summary: 'Edit a calendar (name, color, shares)', tags, auth: 'member', command: CALENDAR_CHANGES.update, body: updateCalendarRequestSchema, responses: { 200: accepted, ...refusals } })
  update(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Omit<Extract<CalendarChange, { action: 'update' }>, 'action'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    return this.change(issuer, id, { action: 'update', ...payload }, res);
  }

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({ summary: 'Delete a calendar', tags, auth: 'member', command: CALENDAR_CHANGES.delete, responses: { 200: accepted, ...refusals } })
  remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.change(issuer, id, { action: 'delete' }, res);
  }

  @Post(':id/share')
  @HttpCode(200)
  @Endpoint({
    summary: 'Share a personal calendar with more members',
    tags,
    auth: 'member',
    command: CALENDAR_CHANGES.share,
    body: shareCalendarRequestSchema,
    responses: { 200: accepted, ...refusals, 422: 'invalid_value (membership_ids): only personal calendars are shared' },
  })
  share(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Omit<Extract<CalendarChange, { action: 'share' }>, 'action'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    return this.change(issuer, id, { action: 'share', ...payload }, res);
  }

  @Delete(':id/share')
  @HttpCode(200)
  @Endpoint({
    summary: 'Remove a calendar shared with the signed-in member from their calendars',
    tags,
    auth: 'member',
    command: CALENDAR_CHANGES.remove_share,
    responses: { 200: accepted, 401: 'unauthenticated', 404: 'not_found', 422: 'not_shared' },
  })
  removeShare(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.change(issuer, id, { action: 'remove_share' }, res);
  }

  private async change(issuer: CommandContext, calendarId: string, change: CalendarChange, res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeCalendarCommand(issuer, { calendar_id: calendarId, change }));
    return commandAccepted(res, position);
  }
}
