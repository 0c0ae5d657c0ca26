import { Module } from '@nestjs/common';
import { FEED_CACHE_MS, FEED_MAX_BYTES, FEED_TIMEOUT_MS } from '@cn/contracts';
import { createCachedFeedReader, createHttpFeedReader } from '@cn/platform';
import type { ProjectionFeature } from '../core/projection-feature';
import { ChannelsController, FEED_READER } from './channels.controller';
import { channelArticlesProjection, channelsProjection } from './channels.projection';
import { articleChangePublisher, channelChangePublisher } from './channels.realtime';

/** Channels: their pages, the user bar's sections, their blogs' articles and their RSS widgets' feeds (read here, on the server). */
@Module({
  controllers: [ChannelsController],
  providers: [
    {
      provide: FEED_READER,
      useFactory: () => createCachedFeedReader(createHttpFeedReader({ timeoutMs: FEED_TIMEOUT_MS, maxBytes: FEED_MAX_BYTES }), { ttlMs: FEED_CACHE_MS }),
    },
  ],
})
export class ChannelsModule {}

export const channelsFeature: ProjectionFeature = {
  module: ChannelsModule,
  readModels: [channelsProjection, channelArticlesProjection],
  publishers: (infra) => [channelChangePublisher(infra.documentStore), articleChangePublisher(infra.documentStore)],
};
