import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { ActivityCommands } from './activity-commands';
import { LikeActivityHandler } from './liking-activities/like-activity.command';
import { LikeActivityController } from './liking-activities/like-activity.controller';
import { PostActivityHandler } from './posting-activities/post-activity.command';
import { PostActivityController } from './posting-activities/post-activity.controller';
import { PostPublishedFilesHandler } from './posting-activities/post-published-files.command';
import { ReadStreamHandler } from './reading-streams/read-stream.command';
import { ReadStreamController } from './reading-streams/read-stream.controller';
import { ReplyActivityHandler } from './replying-activities/reply-activity.command';
import { ReplyActivityController } from './replying-activities/reply-activity.controller';
import { SubscribeStreamHandler } from './subscribing-streams/subscribe-stream.command';
import { SubscribeStreamController } from './subscribing-streams/subscribe-stream.controller';

/** Activity streams: posts, replies, likes, how far each member has read each stream, and which streams 'all' gathers for them. */
@Module({
  imports: [FilesModule],
  controllers: [PostActivityController, ReplyActivityController, LikeActivityController, ReadStreamController, SubscribeStreamController],
  providers: [ActivityCommands, PostActivityHandler, PostPublishedFilesHandler, ReplyActivityHandler, LikeActivityHandler, ReadStreamHandler, SubscribeStreamHandler],
})
export class ActivitiesModule {}
