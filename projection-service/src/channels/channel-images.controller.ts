import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type DocumentStore, Endpoint, type FileStorage, HttpProblem, InjectPort, Member, type SignedInMember } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { profileImageResponses, sendProfileImage } from '../members/profile-image.response';
import { channelImagesProjection, type ChannelImageDocument } from './channels.projection';
import { channelViewerOf, visibleChannel } from './channels.read';

/**
 * A picture uploaded to a channel, by the channel's visibility (a draft channel's pictures are 404 to whoever
 * may not see the draft), at `size=small|large|lightbox`. An upload never changes, so every URL of it is cached.
 */
@Controller('api/v1/channels/:slug/images/:imageId')
export class ChannelImagesController {
  constructor(
    @InjectPort('documentStore') private readonly store: DocumentStore,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
  ) {}

  @Get()
  @Endpoint({
    summary: "A channel's uploaded picture (images widget, banner, logo): small 200x200, large 435x435 (the default), lightbox inside 1920x1200",
    tags: ['channels'],
    auth: 'member',
    responses: profileImageResponses('unknown picture or channel, another channel\'s picture, or a channel hidden from the member'),
  })
  async image(@Member() member: SignedInMember, @Param('slug') slug: string, @Param('imageId') imageId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const channel = await visibleChannel(this.store, slug, channelViewerOf(member));
    const picture = await this.store.collection<ChannelImageDocument>(collectionName(channelImagesProjection)).get(imageId);
    if (!picture || picture.channel_id !== channel._id) throw new HttpProblem(404, 'not_found');
    await sendProfileImage(this.storage, picture.image, req, res, { immutable: true });
  }
}
