import { Controller, Delete, HttpCode, Param, Put, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { profileImageAnswerSchema, type ProfileImageAnswer } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { profileImageBody, profileImageReaderOf, profileImageRefusals } from '../../shared/profile-image-upload';
import { REMOVE_MEMBER_PROFILE_IMAGE, SET_MEMBER_PROFILE_IMAGE, SetMemberProfileImageCommand } from './profile-image.command';

@Controller('members/:id/image')
export class MemberProfileImageController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: "Set a member's profile image (multipart, streamed): the member themself or a network administrator",
    tags: ['members'],
    auth: 'member',
    command: SET_MEMBER_PROFILE_IMAGE,
    streamedBody: profileImageBody,
    responses: { 200: commandAnswer('accepted, { image_url, position }', profileImageAnswerSchema), ...profileImageRefusals },
  })
  async set(@Issuer() issuer: CommandContext, @Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ProfileImageAnswer> {
    const answer = await this.commands.execute(new SetMemberProfileImageCommand(issuer, { member_id: id, body: profileImageReaderOf(req) }));
    commandAccepted(res, answer.position);
    return answer;
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({
    summary: "Remove a member's profile image",
    tags: ['members'],
    auth: 'member',
    command: REMOVE_MEMBER_PROFILE_IMAGE,
    responses: { 200: commandAnswer('accepted, { image_url: null, position }', profileImageAnswerSchema), 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' },
  })
  async remove(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<ProfileImageAnswer> {
    const answer = await this.commands.execute(new SetMemberProfileImageCommand(issuer, { member_id: id, body: null }));
    commandAccepted(res, answer.position);
    return answer;
  }
}
