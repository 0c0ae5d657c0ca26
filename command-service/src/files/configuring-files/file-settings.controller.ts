import { Controller, HttpCode, Put, Res } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import { fileSettingsRequestSchema, type CommandAccepted, type FileSettings } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { FileCommands } from '../file-commands';

export const CHANGE_FILE_SETTINGS = 'ChangeFileSettings';

export class ChangeFileSettingsCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: FileSettings,
  ) {
    super();
  }
}

@CommandHandler(ChangeFileSettingsCommand)
export class ChangeFileSettingsHandler implements ICommandHandler<ChangeFileSettingsCommand> {
  constructor(private readonly files: FileCommands) {}

  async execute({ issuer, payload }: ChangeFileSettingsCommand): Promise<{ position: number }> {
    const member = await this.files.lookup.issuer(issuer);
    const handled = await this.files.runSettings(CHANGE_FILE_SETTINGS, issuer, { type: 'ChangeFileSettings', settings: payload, network_admin: member.roles.network_admin });
    return { position: handled.position };
  }
}

@Controller('api/storage/settings')
export class FileSettingsController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: 'The files area\'s settings: the extension allow or deny list and the default lock period in days (network admins)',
    tags: ['files'],
    auth: 'admin',
    command: CHANGE_FILE_SETTINGS,
    body: fileSettingsRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed (extension_filter.list.N: invalid_extension; lock_period_days: too_small, too_large)',
      401: 'unauthenticated',
      403: 'forbidden or invalid_csrf_token',
    },
  })
  async change(@Issuer() issuer: CommandContext, @Payload() body: z.output<typeof fileSettingsRequestSchema>, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ChangeFileSettingsCommand(issuer, body));
    return commandAccepted(res, position);
  }
}
