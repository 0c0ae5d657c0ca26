import { Module } from '@nestjs/common';
import { FEED_CACHE_MS, FEED_MAX_BYTES, FEED_TIMEOUT_MS } from '@cn/contracts';
import { createCachedFeedReader, createHttpFeedReader, INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import type { ProjectionFeature } from '../core/projection-feature';
import { ChannelsController, FEED_READER } from './channels.controller';
import { ChannelImagesController } from './channel-images.controller';
import { channelsReadSide } from './channels.read-side';

/** Channels: their pages, the user bar's sections, their blogs' articles and their RSS widgets' feeds (read here, on the server). */
@Module({
  controllers: [ChannelsController, ChannelImagesController],
  providers: [
    {
      provide: FEED_READER,
      useFactory: (infra: Infrastructure) =>
        createCachedFeedReader(
          createHttpFeedReader({ timeoutMs: FEED_TIMEOUT_MS, maxBytes: FEED_MAX_BYTES, allowPrivateNetworks: infra.config.feedsAllowPrivateNetworks }),
          { ttlMs: FEED_CACHE_MS, clock: infra.clock },
        ),
      inject: [INFRASTRUCTURE],
    },
  ],
})
export class ChannelsModule {}

export const channelsFeature: ProjectionFeature = { module: ChannelsModule, ...channelsReadSide };
