import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import { PROJECTION_RUNTIME } from '../core/projection-core';
import type { ProjectionFeature } from '../core/projection-feature';
import type { ProjectionServiceRuntime } from '../projection-runtime';
import { createMessageMailer, MESSAGE_READ_MODELS_WAIT_MS, type MessageMailer } from './message-mails';
import { MessageTranslationsController } from './message-translations.controller';
import { MessagesController } from './messages.controller';
import { MessagesReader } from './messages.read';
import { bounceListMailOf } from '../membership-settings/bounce-list';
import { messagesReadSide } from './messages.read-side';

/** The direct messages' mails, a reactor started beside the read side (it waits for the copies and the sealed bodies). */
@Injectable()
export class MessageMails implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly mailer: MessageMailer;
  private running: Promise<void> | null = null;

  constructor(@Inject(INFRASTRUCTURE) infra: Infrastructure, @Inject(PROJECTION_RUNTIME) runtime: ProjectionServiceRuntime) {
    this.mailer = createMessageMailer({
      store: infra.documentStore,
      eventStore: infra.eventStore,
      bus: infra.bus,
      mail: bounceListMailOf(infra),
      cipher: infra.cipher,
      clock: infra.clock,
      baseUrl: infra.config.publicUrl,
      readModelsAt: (position) => runtime.gate.waitFor(position, MESSAGE_READ_MODELS_WAIT_MS),
      logger: infra.logger.child({ component: 'message-mails' }),
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

/** Direct messages: each participant's copies (pushed to their consoles) and the bodies, sealed under the authors' keys; their mails. */
@Module({ controllers: [MessagesController, MessageTranslationsController], providers: [MessagesReader, MessageMails] })
export class MessagesModule {}

export const messagesFeature: ProjectionFeature = { module: MessagesModule, ...messagesReadSide };
