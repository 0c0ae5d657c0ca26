import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import type { ProjectionFeature } from '../core/projection-feature';
import { createBirthdayMails, type BirthdayMails } from './birthday-mails';
import { bounceListMailOf } from '../membership-settings/bounce-list';

/** The daily birthday mails, beside the read side whose members they read. */
@Injectable()
export class BirthdaySending implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly mails: BirthdayMails;

  constructor(@Inject(INFRASTRUCTURE) infra: Infrastructure) {
    const logger = infra.logger.child({ component: 'birthdays' });
    this.mails = createBirthdayMails({
      store: infra.documentStore,
      mail: bounceListMailOf(infra),
      clock: infra.clock,
      logger,
      onDay: (day, sent) => logger.info({ day, sent }, 'birthday mails sent'),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.mails.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.mails.stop();
  }
}

@Module({ providers: [BirthdaySending] })
export class BirthdaysModule {}

export const birthdaysFeature: ProjectionFeature = { module: BirthdaysModule };
