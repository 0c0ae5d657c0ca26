import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { channelAbilities, channelImagePath, type ChannelImageAccepted } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { InjectPort, type FileStorage } from '@cn/platform';
import type { MultipartReader } from '../../files/multipart';
import { ImageResizer } from '../../shared/image-resizer';
import { storeProfileImageWithSizes } from '../../shared/profile-image-upload';
import { channelFactsOf } from '../channel.decider';
import { ChannelCommands, channelViewerOf } from '../channel-commands';

export const UPLOAD_CHANNEL_IMAGE = 'UploadChannelImage';

/** A channel editor uploads a picture (multipart `file`) for the images widget, a banner or the design. */
export class UploadChannelImageCommand extends Command<ChannelImageAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { slug: string; body: MultipartReader },
  ) {
    super();
  }
}

/**
 * The channel's `can.update` is checked before any byte is stored (404 for a channel the member does not
 * see), and again by the decider. The bytes and their sizes (small, large, lightbox) are stored before the
 * event names them: a crash in between leaves bytes no event names, which the sweep collects.
 */
@CommandHandler(UploadChannelImageCommand)
export class UploadChannelImageHandler implements ICommandHandler<UploadChannelImageCommand> {
  constructor(
    private readonly channels: ChannelCommands,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
    private readonly resizer: ImageResizer,
  ) {}

  async execute({ issuer, payload }: UploadChannelImageCommand): Promise<ChannelImageAccepted> {
    const viewer = channelViewerOf(await this.channels.viewer(issuer));
    const state = await this.channels.state(payload.slug);
    const can = channelAbilities(channelFactsOf(state), viewer);
    if (state.status !== 'created' || !can.subscribe) throw new DomainError('not_found', 'not_found');
    if (!can.update) throw new DomainError('forbidden', 'forbidden');
    const image = await storeProfileImageWithSizes(payload.body, this.storage, this.resizer);
    const id = randomUUID();
    const handled = await this.channels.run(UPLOAD_CHANNEL_IMAGE, payload.slug, issuer, { type: 'UploadChannelImage', image_id: id, image, viewer });
    return { id, url: channelImagePath(state.channel_id, id), position: handled.position };
  }
}
