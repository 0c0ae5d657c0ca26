import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { pageVersionParam, restorePageVersionRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, parseWith, Payload } from '@cn/platform';
import { RESTORE_PAGE_VERSION, RestorePageVersionCommand } from './restore-page-version.command';

@Controller('administration/pages')
export class RestorePageVersionController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/versions/:version/restore')
  @HttpCode(200)
  @Endpoint({
    summary: "Restore an earlier version's title and content as the page's newest version, at the revision the history was read at",
    tags: ['pages'],
    auth: 'admin',
    command: RESTORE_PAGE_VERSION,
    body: restorePageVersionRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed',
      401: 'unauthenticated',
      403: 'forbidden',
      404: 'not_found (the page or the version)',
      409: 'concurrency_conflict (the page changed after the history was read)',
      422: 'nothing_changed (the version is what the page shows)',
    },
  })
  async restore(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Param('version') version: string,
    @Payload() payload: Omit<RestorePageVersionCommand['payload'], 'page_id' | 'version'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new RestorePageVersionCommand(issuer, { ...payload, page_id: id, version: parseWith(pageVersionParam, version, 'version') }));
    return commandAccepted(res, position);
  }
}
