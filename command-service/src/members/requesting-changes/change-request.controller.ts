import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { submitChangeRequestRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { ANSWER_CHANGE_REQUEST, AnswerChangeRequestCommand, SUBMIT_CHANGE_REQUEST, SubmitChangeRequestCommand } from './change-request.command';

/** A member asks for a change of the profile fields the network's change requests cover. */
@Controller('change_requests')
export class SubmitChangeRequestController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: "Ask the network's administrators to change profile fields (only those memberships.change_requests.profile_fields lists)",
    tags: ['members'],
    auth: 'member',
    command: SUBMIT_CHANGE_REQUEST,
    body: submitChangeRequestRequestSchema,
    responses: {
      201: commandAnswer('created, { id, position }'),
      400: 'validation_failed, selection_required or field_not_requestable (with the field)',
      401: 'unauthenticated',
      403: 'forbidden (change requests are off, or for administrators, who edit themselves)',
    },
  })
  async submit(@Issuer() issuer: CommandContext, @Payload() payload: z.output<typeof submitChangeRequestRequestSchema>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted & { id: string }> {
    const { position, id } = await this.commands.execute(new SubmitChangeRequestCommand(issuer, payload));
    return { ...commandAccepted(res, position), id };
  }
}

const answerRefusals = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'change_request_closed (answered the other way)' };

/** Network administrators answer change requests; accepting applies the change to the member's profile. */
@Controller('administration/change_requests/:id')
export class AnswerChangeRequestController {
  constructor(private readonly commands: CommandBus) {}

  @Post('accept')
  @HttpCode(200)
  @Endpoint({ summary: "Accept a change request: the member's profile changes, then the request is accepted", tags: ['members'], auth: 'admin', command: ANSWER_CHANGE_REQUEST, responses: { 200: commandAnswer('accepted, { position }'), ...answerRefusals } })
  async accept(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new AnswerChangeRequestCommand(issuer, { change_request_id: id, accept: true }));
    return commandAccepted(res, position);
  }

  @Post('reject')
  @HttpCode(200)
  @Endpoint({ summary: 'Reject a change request (the profile stays as it is)', tags: ['members'], auth: 'admin', command: ANSWER_CHANGE_REQUEST, responses: { 200: commandAnswer('accepted, { position }'), ...answerRefusals } })
  async reject(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new AnswerChangeRequestCommand(issuer, { change_request_id: id, accept: false }));
    return commandAccepted(res, position);
  }
}
