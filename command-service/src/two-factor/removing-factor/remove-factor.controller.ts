import { Controller, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { backupCodesAnswerSchema, CONSISTENCY_HEADER, factorCodeRequestSchema, type BackupCodesAnswer, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload, retryAfterHeaders } from '@cn/platform';
import type { z } from 'zod';
import { REMOVE_FACTOR, RemoveFactorCommand, RESET_BACKUP_CODES, ResetBackupCodesCommand } from './remove-factor.command';

const codeRefusals = {
  400: 'validation_failed (code: required, invalid_format, invalid_code)',
  401: 'unauthenticated',
  404: 'not_found',
  409: 'concurrency_conflict',
  429: { description: 'too_many_attempts: too many wrong codes; wait Retry-After seconds', headers: retryAfterHeaders },
};

@Controller('api/v1/authentication/factors')
export class RemoveFactorController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':id')
  @HttpCode(200)
  @Endpoint({
    // reachable while the network makes the member set up a factor first
    twoFactorSetup: true,
    summary: 'Delete one of my factors with a current code of it (or a backup code)',
    tags: ['two-factor'],
    auth: 'member',
    command: REMOVE_FACTOR,
    body: factorCodeRequestSchema,
    responses: { 200: commandAnswer('deleted, { position }'), ...codeRefusals },
  })
  async remove(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: z.output<typeof factorCodeRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new RemoveFactorCommand(issuer, { factor_id: id, code: payload.code }));
    return commandAccepted(res, position);
  }

  @Post(':id/reset-backup-codes')
  @HttpCode(200)
  @Endpoint({
    summary: 'New backup codes for one of my factors, with a current code; the old ones stop working; answered once (backup_codes.txt)',
    tags: ['two-factor'],
    auth: 'member',
    command: RESET_BACKUP_CODES,
    body: factorCodeRequestSchema,
    responses: { 200: { description: '{ position, id, backup_codes }', schema: backupCodesAnswerSchema }, ...codeRefusals },
  })
  async resetBackupCodes(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: z.output<typeof factorCodeRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BackupCodesAnswer> {
    const answer = await this.commands.execute(new ResetBackupCodesCommand(issuer, { factor_id: id, code: payload.code }));
    res.setHeader(CONSISTENCY_HEADER, String(answer.position));
    return answer;
  }
}
