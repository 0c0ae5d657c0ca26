import { Module } from '@nestjs/common';
import { FEED_CACHE_MS, FEED_MAX_BYTES, FEED_TIMEOUT_MS } from '@cn/contracts';
import { createCachedFeedReader, createHttpFeedReader, INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import type { ProjectionFeature } from '../core/projection-feature';
import { WIDGET_FEED_READER, WidgetBarsController } from './widgetbars.controller';
import { widgetBarsReadSide } from './widgetbars.read-side';

/** Widget bars of the network and of each group: their editors' reads and the bars resolved for a member. */
@Module({
  controllers: [WidgetBarsController],
  providers: [
    {
      provide: WIDGET_FEED_READER,
      useFactory: (infra: Infrastructure) =>
        createCachedFeedReader(
          createHttpFeedReader({ timeoutMs: FEED_TIMEOUT_MS, maxBytes: FEED_MAX_BYTES, allowPrivateNetworks: infra.config.feedsAllowPrivateNetworks }),
          { ttlMs: FEED_CACHE_MS, clock: infra.clock },
        ),
      inject: [INFRASTRUCTURE],
    },
  ],
})
export class WidgetBarsModule {}

export const widgetBarsFeature: ProjectionFeature = { module: WidgetBarsModule, ...widgetBarsReadSide };
