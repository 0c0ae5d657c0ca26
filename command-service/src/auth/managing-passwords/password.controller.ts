import { Body, Controller, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  changePasswordRequestSchema,
  passwordResetRequestedSchema,
  requestPasswordResetSchema,
  resetPasswordRequestSchema,
  setMemberPasswordRequestSchema,
  type CommandAccepted,
} from '@cn/contracts';
import { commandAccepted, commandAnswer, Ctx, INFRASTRUCTURE, openApi, setSessionCookie, type Infrastructure, type RequestContext } from '@cn/platform';
import {
  ChangeOwnPasswordCommand,
  RequestPasswordResetCommand,
  ResetPasswordCommand,
  SetMemberPasswordCommand,
} from './password.commands';

const POLICY_KEYS = 'password_too_short, password_too_common, password_matches_email or password_confirmation_mismatch';

openApi.route({
  method: 'put',
  path: '/api/v1/members/me/password',
  summary: "Change the signed-in member's password (the current one proves it is them); their other sessions end, this one gets a new cookie",
  tags: ['auth'],
  auth: 'member',
  body: changePasswordRequestSchema,
  responses: { 200: commandAnswer('changed, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 409: 'concurrency_conflict', 422: `current_password_invalid, ${POLICY_KEYS}` },
});
openApi.route({
  method: 'post',
  path: '/users/password',
  summary: 'Mail a password reset link to the address when a member has it (the answer is the same either way)',
  tags: ['auth'],
  auth: 'none',
  body: requestPasswordResetSchema,
  responses: { 202: { description: 'accepted, { requested: true }', schema: passwordResetRequestedSchema }, 400: 'validation_failed' },
});
openApi.route({
  method: 'put',
  path: '/users/password',
  summary: "Choose a new password with the token of a reset link (once, within two hours); every session of the member ends",
  tags: ['auth'],
  auth: 'none',
  body: resetPasswordRequestSchema,
  responses: { 200: commandAnswer('changed, { position }'), 400: 'validation_failed', 409: 'concurrency_conflict', 422: `reset_token_invalid, ${POLICY_KEYS}` },
});
openApi.route({
  method: 'put',
  path: '/administration/members/{id}',
  summary: "Set a member's password (network administrators); every session of the member ends",
  tags: ['members'],
  auth: 'admin',
  body: setMemberPasswordRequestSchema,
  responses: { 200: commandAnswer('changed, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'concurrency_conflict', 422: POLICY_KEYS },
});

@Controller()
export class PasswordController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
  ) {}

  @Put('api/v1/members/me/password')
  @HttpCode(200)
  async change(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position, sessionToken } = await this.commands.execute(new ChangeOwnPasswordCommand(body, ctx));
    // the member's other sessions ended with the change; this one goes on under a new token
    setSessionCookie(res, sessionToken, this.infra.config.session);
    return commandAccepted(res, position);
  }

  @Post('users/password')
  @HttpCode(202)
  async requestReset(@Body() body: unknown, @Ctx() ctx: RequestContext): Promise<{ requested: true }> {
    await this.commands.execute(new RequestPasswordResetCommand(body, ctx));
    return { requested: true };
  }

  @Put('users/password')
  @HttpCode(200)
  async reset(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ResetPasswordCommand(body, ctx));
    return commandAccepted(res, position);
  }

  @Put('administration/members/:id')
  @HttpCode(200)
  async set(@Param('id') id: string, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new SetMemberPasswordCommand(id, body, ctx));
    return commandAccepted(res, position);
  }
}
