import { Module } from '@nestjs/common';
import { AssignChannelSubscriptionsHandler } from './assigning-subscriptions/assign-subscriptions.command';
import { AssignSubscriptionsController } from './assigning-subscriptions/assign-subscriptions.controller';
import { ChannelCommands } from './channel-commands';
import { CreateChannelHandler } from './creating-channel/create-channel.command';
import { CreateChannelController } from './creating-channel/create-channel.controller';
import { EditChannelHandler } from './editing-channel/edit-channel.command';
import { EditChannelController } from './editing-channel/edit-channel.controller';
import { ManageWidgetHandler } from './managing-widgets/manage-widgets.command';
import { ManageWidgetsController } from './managing-widgets/manage-widgets.controller';
import { ImageResizer, SharpImageResizer } from '../shared/image-resizer';
import { UploadChannelImageHandler } from './uploading-images/upload-image.command';
import { UploadChannelImageController } from './uploading-images/upload-image.controller';
import { SetChannelMarkHandler } from './subscribing-channel/subscribe-channel.command';
import { SubscribeChannelController } from './subscribing-channel/subscribe-channel.controller';
import { WriteArticleHandler } from './writing-articles/write-article.command';
import { WriteArticleController } from './writing-articles/write-article.controller';

/** Channels: their pages of widget rows, subscriptions and stars, and their blogs' articles. */
@Module({
  controllers: [AssignSubscriptionsController, CreateChannelController, EditChannelController, ManageWidgetsController, SubscribeChannelController, UploadChannelImageController, WriteArticleController],
  providers: [AssignChannelSubscriptionsHandler, ChannelCommands, CreateChannelHandler, EditChannelHandler, ManageWidgetHandler, SetChannelMarkHandler, UploadChannelImageHandler, { provide: ImageResizer, useClass: SharpImageResizer }, WriteArticleHandler],
})
export class ChannelsModule {}
