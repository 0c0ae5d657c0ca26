import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Response } from 'express';
import { memberManagerAbilities, memberStream, setExternalRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import type { z } from 'zod';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { setExternalDecider } from './set-external.decider';

export const SET_EXTERNAL = 'SetMemberExternal';

export class SetExternalCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { member_id: string; external: boolean },
  ) {
    super();
  }
}

@CommandHandler(SetExternalCommand)
export class SetExternalHandler implements ICommandHandler<SetExternalCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: SetExternalCommand): Promise<{ position: number }> {
    const viewer = await this.lookup.issuer(issuer);
    const target = await this.lookup.member(payload.member_id);
    const settings = await this.lookup.networkSettings();
    const allowed = memberManagerAbilities({ id: viewer._id, roles: viewer.roles }, { id: payload.member_id, deleted: target?.erased ?? true }, settings).toggle_external;
    const handled = await this.commands.run(SET_EXTERNAL, {
      streamId: memberStream(payload.member_id),
      decider: setExternalDecider,
      context: issuer,
      command: { type: 'SetExternal', member_id: payload.member_id, external: payload.external, allowed },
    });
    return { position: handled.position };
  }
}

@Controller('administration/members')
export class SetExternalController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id/external')
  @HttpCode(200)
  @Endpoint({
    summary: 'Make a member a guest ({ external: true }) or a full member again (the member manager menu: toggle_external)',
    tags: ['members'],
    auth: 'admin',
    command: SET_EXTERNAL,
    body: setExternalRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed (external: required)', 401: 'unauthenticated', 403: 'forbidden (oneself)', 404: 'not_found', 409: 'concurrency_conflict' },
  })
  async set(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: z.output<typeof setExternalRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new SetExternalCommand(issuer, { member_id: id, external: payload.external }));
    return commandAccepted(res, position);
  }
}
