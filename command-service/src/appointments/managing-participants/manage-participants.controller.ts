import { Body, Controller, Delete, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { addParticipantsRequestSchema, changeParticipantStatusRequestSchema, removeParticipantRequestSchema, type CommandAccepted } from '@cn/contracts';
import { commandAccepted, Ctx, openApi, commandAnswer, type RequestContext } from '@cn/platform';
import { AddParticipantsCommand, ChangeParticipantStatusCommand, RemoveParticipantCommand } from './manage-participants.commands';

const tags = ['appointments'];

openApi.route({
  method: 'post',
  path: '/appointments/{id}/participants',
  summary: 'Add members, groups and membership roles as participants (apply_to this: one occurrence of an r- id)',
  tags,
  auth: 'member',
  body: addParticipantsRequestSchema,
  responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed, unknown_member/unknown_group/unknown_role', 403: 'forbidden', 404: 'not_found', 409: 'attendee_limit_exceeded', 422: 'appointment_canceled' },
});
openApi.route({
  method: 'put',
  path: '/appointments/{id}/participants/{pid}',
  summary: "Change a participant's status; pid 'me' answers for oneself (open invite, or opting in/out when user_can_opt)",
  tags,
  auth: 'member',
  body: changeParticipantStatusRequestSchema,
  responses: {
    200: commandAnswer('accepted, { position }'),
    400: 'validation_failed',
    403: 'forbidden',
    404: 'not_found',
    409: 'attendee_limit_exceeded',
    422: 'invite_not_open, participation_locked, invite_expired, appointment_canceled, cannot_opt',
  },
});
openApi.route({
  method: 'delete',
  path: '/appointments/{id}/participants/{pid}',
  summary: 'Remove a participant (apply_to in the body or the query); a freed place goes to the first waiting member',
  tags,
  auth: 'member',
  query: removeParticipantRequestSchema,
  responses: { 200: commandAnswer('accepted, { position }'), 403: 'forbidden', 404: 'not_found' },
});

@Controller('appointments/:id/participants')
export class ManageParticipantsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  async add(@Param('id') id: string, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new AddParticipantsCommand(id, body, ctx));
    return commandAccepted(res, position);
  }

  @Put(':pid')
  @HttpCode(200)
  async change(
    @Param('id') id: string,
    @Param('pid') pid: string,
    @Body() body: unknown,
    @Ctx() ctx: RequestContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeParticipantStatusCommand(id, pid, body, ctx));
    return commandAccepted(res, position);
  }

  @Delete(':pid')
  @HttpCode(200)
  async remove(
    @Param('id') id: string,
    @Param('pid') pid: string,
    @Body() body: unknown,
    @Query() query: Record<string, unknown>,
    @Ctx() ctx: RequestContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const given = body && typeof body === 'object' && Object.keys(body).length > 0 ? body : query;
    const { position } = await this.commands.execute(new RemoveParticipantCommand(id, pid, given, ctx));
    return commandAccepted(res, position);
  }
}
