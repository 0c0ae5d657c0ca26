import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { addFactorRequestSchema, backupCodesAnswerSchema, CONSISTENCY_HEADER, type BackupCodesAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Endpoint, Issuer, Payload, retryAfterHeaders } from '@cn/platform';
import { ADD_FACTOR, AddFactorCommand } from './add-factor.command';

@Controller('api/v1/authentication/factors')
export class AddFactorController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    // reachable while the network makes the member set up a factor first
    twoFactorSetup: true,
    summary: 'Confirm a prepared factor with a code of it; answers the backup codes once (download as backup_codes.txt)',
    tags: ['two-factor'],
    auth: 'member',
    command: ADD_FACTOR,
    body: addFactorRequestSchema,
    responses: {
      201: { description: 'added, { position, id, backup_codes }', schema: backupCodesAnswerSchema },
      400: 'validation_failed (code: invalid_code, invalid_format; type: unknown_type; setup_token: invalid_value)',
      401: 'unauthenticated',
      403: 'forbidden: two-factor or this type is off in the network settings',
      409: 'factor_exists',
      429: { description: 'too_many_attempts: too many wrong codes; wait Retry-After seconds', headers: retryAfterHeaders },
    },
  })
  async add(@Issuer() issuer: CommandContext, @Payload() payload: AddFactorCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<BackupCodesAnswer> {
    const answer = await this.commands.execute(new AddFactorCommand(issuer, payload));
    res.setHeader(CONSISTENCY_HEADER, String(answer.position));
    return answer;
  }
}
