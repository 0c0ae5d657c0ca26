import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import { PROJECTION_RUNTIME } from '../core/projection-core';
import type { ProjectionFeature } from '../core/projection-feature';
import type { ProjectionServiceRuntime } from '../projection-runtime';
import { NewsletterController, NewsletterScheduleController } from './newsletter.controller';
import { createNewsletterSchedule, type NewsletterSchedule } from './newsletter-sending';
import { bounceListMailOf } from '../membership-settings/bounce-list';
import { newsletterReadSide } from './newsletter.read-side';

/** how long a due slot waits for the read models to catch up before the scheduler retries it */
const READ_MODELS_WAIT_MS = 10_000;

/** The newsletter's timer, beside the read side whose read models it reads (started and stopped with it). */
@Injectable()
export class NewsletterSending implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly schedule: NewsletterSchedule;

  constructor(@Inject(INFRASTRUCTURE) infra: Infrastructure, @Inject(PROJECTION_RUNTIME) runtime: ProjectionServiceRuntime) {
    const logger = infra.logger.child({ component: 'newsletter' });
    this.schedule = createNewsletterSchedule({
      store: infra.documentStore,
      eventStore: infra.eventStore,
      mail: bounceListMailOf(infra),
      clock: infra.clock,
      baseUrl: infra.config.publicUrl,
      logoSecret: infra.config.session.secret,
      readModelsAt: (position) => runtime.readModels.waitFor(position, READ_MODELS_WAIT_MS),
      logger,
      onSlot: (slot, result) => logger.info({ slot: slot.id, sent: result.sent.length, already_sent: result.already_sent }, 'newsletter slot sent'),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedule.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.schedule.stop();
  }
}

@Module({ controllers: [NewsletterController, NewsletterScheduleController], providers: [NewsletterSending] })
export class NewsletterModule {}

export const newsletterFeature: ProjectionFeature = { module: NewsletterModule, ...newsletterReadSide };
