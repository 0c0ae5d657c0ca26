import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { editorImageAcceptedSchema, type EditorImageAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { profileImageBody, profileImageReaderOf, profileImageRefusals } from '../../shared/profile-image-upload';
import { UPLOAD_EDITOR_IMAGE, UploadEditorImageCommand } from './upload-editor-image.command';

@Controller('api/storage/assets/ckeditor/images')
export class UploadEditorImageController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary:
      "Upload an image from the rich-text editor (multipart, streamed; every signed-in member): the answer's url (`/api/storage/assets/{id}/preview`) is what an <img> in an article or a text widget may name",
    tags: ['files'],
    auth: 'member',
    command: UPLOAD_EDITOR_IMAGE,
    streamedBody: profileImageBody,
    responses: {
      201: commandAnswer('created, { id, url, position }', editorImageAcceptedSchema),
      ...profileImageRefusals,
      400: 'validation_failed (file: required, file_type_not_accepted (the network\'s extension filter), image_type_not_accepted, image_unreadable, invalid_multipart)',
    },
  })
  async upload(@Issuer() issuer: CommandContext, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<EditorImageAccepted> {
    const answer = await this.commands.execute(new UploadEditorImageCommand(issuer, { body: profileImageReaderOf(req) }));
    commandAccepted(res, answer.position);
    return answer;
  }
}
