import { Body, Controller, Delete, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createCalendarRequestSchema, shareCalendarRequestSchema, updateCalendarRequestSchema, createdAcceptedSchema, type CommandAccepted, type CreatedAccepted } from '@cn/contracts';
import { commandAccepted, Ctx, openApi, commandAnswer, type RequestContext } from '@cn/platform';
import { ChangeCalendarCommand, CreateCalendarCommand } from './manage-calendars.commands';

const tags = ['calendars'];
const refusals = { 400: 'validation_failed (calendar.name required, unknown_member)', 401: 'unauthenticated', 403: 'forbidden or invalid_csrf_token', 404: 'not_found' };

openApi.route({
  method: 'post',
  path: '/calendars',
  summary: 'Create a calendar: personal (any member; membership_ids share it), network (admins), group (parent_id; group admins); colour random from the palette when not given',
  tags,
  auth: 'member',
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
});
openApi.route({ method: 'put', path: '/calendars/{id}', summary: 'Edit a calendar (name, color, shares)', tags, auth: 'member', body: updateCalendarRequestSchema, responses: { 200: commandAnswer('accepted, { position }'), ...refusals } });
openApi.route({ method: 'delete', path: '/calendars/{id}', summary: 'Delete a calendar', tags, auth: 'member', responses: { 200: commandAnswer('accepted, { position }'), ...refusals } });
openApi.route({
  method: 'post',
  path: '/calendars/{id}/share',
  summary: 'Share a personal calendar with more members',
  tags,
  auth: 'member',
  body: shareCalendarRequestSchema,
  responses: { 200: commandAnswer('accepted, { position }'), ...refusals, 422: 'invalid_value (membership_ids): only personal calendars are shared' },
});
openApi.route({
  method: 'delete',
  path: '/calendars/{id}/share',
  summary: 'Remove a calendar shared with the signed-in member from their calendars',
  tags,
  auth: 'member',
  responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 404: 'not_found', 422: 'not_shared' },
});

@Controller('calendars')
export class ManageCalendarsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CreatedAccepted> {
    const { id, position } = await this.commands.execute(new CreateCalendarCommand(body, ctx));
    return { id, ...commandAccepted(res, position) };
  }

  @Put(':id')
  @HttpCode(200)
  update(@Param('id') id: string, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.change(new ChangeCalendarCommand(id, 'update', body, ctx), res);
  }

  @Delete(':id')
  @HttpCode(200)
  remove(@Param('id') id: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.change(new ChangeCalendarCommand(id, 'delete', null, ctx), res);
  }

  @Post(':id/share')
  @HttpCode(200)
  share(@Param('id') id: string, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.change(new ChangeCalendarCommand(id, 'share', body, ctx), res);
  }

  @Delete(':id/share')
  @HttpCode(200)
  removeShare(@Param('id') id: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.change(new ChangeCalendarCommand(id, 'remove_share', null, ctx), res);
  }

  private async change(command: ChangeCalendarCommand, res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(command);
    return commandAccepted(res, position);
  }
}
