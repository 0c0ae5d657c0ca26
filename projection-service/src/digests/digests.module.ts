import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import { PROJECTION_RUNTIME } from '../core/projection-core';
import type { ProjectionFeature } from '../core/projection-feature';
import type { ProjectionServiceRuntime } from '../projection-runtime';
import { createDigestSchedule, type DigestSchedule } from './digest-schedule';
import { bounceListMailOf } from '../membership-settings/bounce-list';

/** how long a due slot waits for the read models to catch up before the scheduler retries it */
const READ_MODELS_WAIT_MS = 10_000;

/** The timed digests, beside the read side whose read models they read (started and stopped with it). */
@Injectable()
export class DigestSending implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly schedule: DigestSchedule;

  constructor(@Inject(INFRASTRUCTURE) infra: Infrastructure, @Inject(PROJECTION_RUNTIME) runtime: ProjectionServiceRuntime) {
    const logger = infra.logger.child({ component: 'digests' });
    this.schedule = createDigestSchedule({
      store: infra.documentStore,
      eventStore: infra.eventStore,
      mail: bounceListMailOf(infra),
      clock: infra.clock,
      baseUrl: infra.config.publicUrl,
      readModelsAt: (position) => runtime.readModels.waitFor(position, READ_MODELS_WAIT_MS),
      logger,
      onSlot: (slot, result) => logger.info({ slot: slot.id, sent: result.sent.length, empty: result.empty.length }, 'digest slot sent'),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedule.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.schedule.stop();
  }
}

@Module({ providers: [DigestSending] })
export class DigestsModule {}

export const digestsFeature: ProjectionFeature = { module: DigestsModule };
