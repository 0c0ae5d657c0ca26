import { Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { channelImageAcceptedSchema, type ChannelImageAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { profileImageBody, profileImageReaderOf, profileImageRefusals } from '../../shared/profile-image-upload';
import { UPLOAD_CHANNEL_IMAGE, UploadChannelImageCommand } from './upload-image.command';

@Controller('channels/:slug/images')
export class UploadChannelImageController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: "Upload a picture to a channel (multipart, streamed): its editors (can.update); widgets and the design name it by the answer's url",
    tags: ['channels'],
    auth: 'member',
    command: UPLOAD_CHANNEL_IMAGE,
    streamedBody: profileImageBody,
    responses: { 201: commandAnswer('created, { id, url, position }', channelImageAcceptedSchema), ...profileImageRefusals },
  })
  async upload(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ChannelImageAccepted> {
    const answer = await this.commands.execute(new UploadChannelImageCommand(issuer, { slug: slug.toLowerCase(), body: profileImageReaderOf(req) }));
    commandAccepted(res, answer.position);
    return answer;
  }
}
