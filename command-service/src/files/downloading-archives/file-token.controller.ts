import { Controller, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { ARCHIVE_TOKEN_TTL_MS, batchRequestSchema, fileTokenAnswerSchema } from '@cn/contracts';
import { createFileToken, Endpoint, InjectPort, Member, Payload, type PlatformConfig, type SignedInMember } from '@cn/platform';

/**
 * The first step of a batch download: a token naming the files and folders, bound to the member, good for
 * five minutes. It changes nothing (no event); the archive route checks again what the member may read.
 */
@Controller('api/v1/file_token')
export class FileTokenController {
  constructor(
    @InjectPort('config') private readonly config: PlatformConfig,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: 'A token for downloading files and folders as one zip (then GET /api/storage/v2/archive?token=…)',
    tags: ['files'],
    auth: 'member',
    body: batchRequestSchema,
    responses: { 200: { description: '{ token }', schema: fileTokenAnswerSchema }, 400: 'validation_failed (file_ids, folder_ids: too_many)', 401: 'unauthenticated', 403: 'invalid_csrf_token' },
  })
  token(@Member() member: SignedInMember, @Payload() body: z.output<typeof batchRequestSchema>): { token: string } {
    return {
      token: createFileToken(this.config.session.secret, {
        member_id: member.id,
        file_ids: [...new Set(body.file_ids)],
        folder_ids: [...new Set(body.folder_ids)],
        expires_at: this.clock().getTime() + ARCHIVE_TOKEN_TTL_MS,
      }),
    };
  }
}
