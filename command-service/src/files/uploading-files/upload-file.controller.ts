import { Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { uploadedFileAnswerSchema, type UploadedFileAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, HttpProblem, Issuer } from '@cn/platform';
import { boundaryOf, MultipartReader } from '../multipart';
import { ADD_FILE_VERSION, maxUploadBytes, UPLOAD_FILE, UploadFileCommand } from './upload-file.command';

const tags = ['files'];
const uploadBody = {
  mediaType: 'multipart/form-data',
  schema: {
    type: 'object',
    required: ['file'],
    properties: {
      file: { type: 'string', format: 'binary', description: 'the bytes; the content type is sniffed from them' },
      name: { type: 'string', description: 'the file name to keep (default: the part\'s filename)' },
      type: { type: 'string' },
      external_id: { type: 'string' },
      description: { type: 'string' },
    },
  },
};
const refusals = {
  400: 'validation_failed (file: required, invalid_multipart, file_type_not_accepted)',
  401: 'unauthenticated',
  403: 'forbidden or invalid_csrf_token',
  413: 'payload_too_large (file: file_too_large; FILES_MAX_UPLOAD_MB)',
  415: 'unsupported_media_type (file: multipart_required)',
};

/** refuses a body that says up front it is too large, before reading any of it */
const readerOf = (req: Request): MultipartReader => {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxUploadBytes() + 64 * 1024) throw new HttpProblem(413, 'payload_too_large', [{ field: 'file', key: 'file_too_large' }]);
  return new MultipartReader(req, boundaryOf(req.headers['content-type']));
};

@Controller('api/storage/files')
export class UploadFileController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Upload a file (multipart, streamed): it is volatile, seen only by the uploader, until the new-files form publishes it',
    tags,
    auth: 'member',
    command: UPLOAD_FILE,
    streamedBody: uploadBody,
    responses: { 201: commandAnswer('created, the uploaded file (state volatile)', uploadedFileAnswerSchema), ...refusals },
  })
  async upload(@Issuer() issuer: CommandContext, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UploadedFileAnswer> {
    const answer = await this.commands.execute(new UploadFileCommand(issuer, { body: readerOf(req) }));
    commandAccepted(res, answer.position);
    return answer;
  }

  @Post(':id/versions')
  @HttpCode(201)
  @Endpoint({
    summary: 'Upload a new version of a file (multipart, streamed): published at once by whoever may change the file, pending approval otherwise',
    tags,
    auth: 'member',
    command: ADD_FILE_VERSION,
    streamedBody: uploadBody,
    responses: {
      201: commandAnswer('created, the version', uploadedFileAnswerSchema),
      ...refusals,
      404: 'not_found (unknown, removed, or a file of a group the member is not in)',
      409: 'file_finalized, file_locked (locked by another member), concurrency_conflict',
    },
  })
  async addVersion(@Issuer() issuer: CommandContext, @Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UploadedFileAnswer> {
    const answer = await this.commands.execute(new UploadFileCommand(issuer, { body: readerOf(req), file_id: id }));
    commandAccepted(res, answer.position);
    return answer;
  }
}
