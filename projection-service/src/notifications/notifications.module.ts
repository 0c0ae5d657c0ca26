import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { INFRASTRUCTURE, type Infrastructure, type Projector } from '@cn/platform';
import { PROJECTION_RUNTIME } from '../core/projection-core';
import type { ProjectionFeature } from '../core/projection-feature';
import type { ProjectionServiceRuntime } from '../projection-runtime';
import { MemberSuggestionsController } from './member-suggestions.controller';
import { NotificationsController } from './notifications.controller';
import { createNotificationMailer, READ_MODELS_WAIT_MS } from './notification-mails';
import { bounceListMailOf } from '../membership-settings/bounce-list';
import { notificationsReadSide } from './notifications.read-side';

/** The notification mails' reactor, started beside the read side (it waits for the read models it reads). */
@Injectable()
export class NotificationMails implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly mailer: Projector;
  private running: Promise<void> | null = null;

  constructor(@Inject(INFRASTRUCTURE) infra: Infrastructure, @Inject(PROJECTION_RUNTIME) runtime: ProjectionServiceRuntime) {
    this.mailer = createNotificationMailer({
      store: infra.documentStore,
      eventStore: infra.eventStore,
      bus: infra.bus,
      mail: bounceListMailOf(infra),
      clock: infra.clock,
      baseUrl: infra.config.publicUrl,
      readModelsAt: (position) => runtime.readModels.waitFor(position, READ_MODELS_WAIT_MS),
      logger: infra.logger.child({ component: 'notification-mails' }),
    });
  }

  onApplicationBootstrap(): void {
    this.running = this.mailer.start().catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.running;
    await this.mailer.stop();
  }
}

/** The bell: what concerns each member, and how far they have read; and the mails of single notifications. */
@Module({ controllers: [NotificationsController, MemberSuggestionsController], providers: [NotificationMails] })
export class NotificationsModule {}

export const notificationsFeature: ProjectionFeature = { module: NotificationsModule, ...notificationsReadSide };
