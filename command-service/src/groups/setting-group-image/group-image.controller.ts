import { Controller, Delete, HttpCode, Param, Put, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { profileImageAnswerSchema, type ProfileImageAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { profileImageBody, profileImageReaderOf, profileImageRefusals } from '../../shared/profile-image-upload';
import { REMOVE_GROUP_PROFILE_IMAGE, SET_GROUP_PROFILE_IMAGE, SetGroupProfileImageCommand } from './group-image.command';

@Controller('groups/:slug/image')
export class GroupProfileImageController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: "Set a group's profile image (multipart, streamed): group admins and network administrators (can.update)",
    tags: ['groups'],
    auth: 'member',
    command: SET_GROUP_PROFILE_IMAGE,
    streamedBody: profileImageBody,
    responses: { 200: commandAnswer('accepted, { image_url, position }', profileImageAnswerSchema), ...profileImageRefusals },
  })
  async set(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ProfileImageAnswer> {
    const answer = await this.commands.execute(new SetGroupProfileImageCommand(issuer, { slug, body: profileImageReaderOf(req) }));
    commandAccepted(res, answer.position);
    return answer;
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({
    summary: "Remove a group's profile image",
    tags: ['groups'],
    auth: 'member',
    command: REMOVE_GROUP_PROFILE_IMAGE,
    responses: { 200: commandAnswer('accepted, { image_url: null, position }', profileImageAnswerSchema), 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' },
  })
  async remove(@Issuer() issuer: CommandContext, @Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<ProfileImageAnswer> {
    const answer = await this.commands.execute(new SetGroupProfileImageCommand(issuer, { slug, body: null }));
    commandAccepted(res, answer.position);
    return answer;
  }
}
