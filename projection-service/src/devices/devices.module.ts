import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { INFRASTRUCTURE, type Infrastructure, type Projector } from '@cn/platform';
import { PROJECTION_RUNTIME } from '../core/projection-core';
import type { ProjectionFeature } from '../core/projection-feature';
import { READ_MODELS_WAIT_MS } from '../notifications/notification-mails';
import type { ProjectionServiceRuntime } from '../projection-runtime';
import { DevicesController } from './devices.controller';
import { createWebPushDelivery, createWebPushSender, type PushDelivery } from './web-push-sender';
import { devicesReadSide } from './devices.read-side';


/** The Web Push reactor, started beside the read side when the network has VAPID keys. */
@Injectable()
export class WebPush implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly sender: Projector | null;
  private running: Promise<void> | null = null;

  constructor(@Inject(INFRASTRUCTURE) infra: Infrastructure, @Inject(PROJECTION_RUNTIME) runtime: ProjectionServiceRuntime) {
    const config = infra.config.webPush;
    const delivery: PushDelivery | null = config ? createWebPushDelivery(config) : null;
    this.sender = delivery
      ? createWebPushSender({
          store: infra.documentStore,
          eventStore: infra.eventStore,
          bus: infra.bus,
          cipher: infra.cipher,
          delivery,
          clock: infra.clock,
          readModelsAt: (position) => runtime.readModels.waitFor(position, READ_MODELS_WAIT_MS),
          logger: infra.logger.child({ component: 'web-push' }),
        })
      : null;
  }

  onApplicationBootstrap(): void {
    this.running = this.sender?.start().catch(() => undefined) ?? null;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.running;
    await this.sender?.stop();
  }
}

/** Members' devices, their push settings, and Web Push (docs/NOTIFICATIONS.md "Devices and Web Push"). */
@Module({ controllers: [DevicesController], providers: [WebPush] })
export class DevicesModule {}

export const devicesFeature: ProjectionFeature = { module: DevicesModule, ...devicesReadSide };
