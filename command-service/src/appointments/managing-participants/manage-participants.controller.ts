import { Body, Controller, Delete, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { addParticipantsRequestSchema, changeParticipantStatusRequestSchema, removeParticipantRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, parseWith, Payload } from '@cn/platform';
import {
  ADD_PARTICIPANTS,
  AddParticipantsCommand,
  CHANGE_PARTICIPANT_STATUS,
  ChangeParticipantStatusCommand,
  REMOVE_PARTICIPANT,
  RemoveParticipantCommand,
} from './manage-participants.command';

const tags = ['appointments'];
type Given<C extends { payload: object }, Added extends string> = Omit<C['payload'], Added>;

@Controller('appointments/:id/participants')
export class ManageParticipantsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: 'Add members, groups and membership roles as participants (apply_to this: one occurrence of an r- id)',
    tags,
    auth: 'member',
    command: ADD_PARTICIPANTS,
    body: addParticipantsRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed, unknown_member/unknown_group/unknown_role', 403: 'forbidden', 404: 'not_found', 409: 'attendee_limit_exceeded', 422: 'appointment_canceled' },
  })
  async add(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Given<AddParticipantsCommand, 'appointment_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new AddParticipantsCommand(issuer, { ...payload, appointment_id: id }));
    return commandAccepted(res, position);
  }

  @Put(':pid')
  @HttpCode(200)
  @Endpoint({
    summary: "Change a participant's status; pid 'me' answers for oneself (open invite, or opting in/out when user_can_opt)",
    tags,
    auth: 'member',
    command: CHANGE_PARTICIPANT_STATUS,
    body: changeParticipantStatusRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed',
      403: 'forbidden; cannot_opt (no invite, and members may not opt in: can.opt is false)',
      404: 'not_found',
      409: 'attendee_limit_exceeded',
      422: 'invite_not_open, participation_locked, invite_expired, appointment_canceled',
    },
  })
  async change(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Param('pid') pid: string,
    @Payload() payload: Given<ChangeParticipantStatusCommand, 'appointment_id' | 'participant_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeParticipantStatusCommand(issuer, { ...payload, appointment_id: id, participant_id: pid }));
    return commandAccepted(res, position);
  }

  @Delete(':pid')
  @HttpCode(200)
  @Endpoint({
    summary: 'Remove a participant (apply_to in the body or the query); a freed place goes to the first waiting member',
    tags,
    auth: 'member',
    command: REMOVE_PARTICIPANT,
    query: removeParticipantRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 403: 'forbidden', 404: 'not_found' },
  })
  async remove(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Param('pid') pid: string,
    @Body() body: unknown,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    // a DELETE may carry its options in the body or, where clients cannot send one, in the query
    const given = body && typeof body === 'object' && Object.keys(body).length > 0 ? body : query;
    const payload = parseWith(removeParticipantRequestSchema, given ?? {});
    const { position } = await this.commands.execute(new RemoveParticipantCommand(issuer, { ...payload, appointment_id: id, participant_id: pid }));
    return commandAccepted(res, position);
  }
}
