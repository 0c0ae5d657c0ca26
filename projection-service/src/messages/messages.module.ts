import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { MessagesController } from './messages.controller';
import { messageBodiesProjection, messageCopiesProjection } from './messages.projection';
import { MessagesReader } from './messages.read';
import { messageCopiesPublisher } from './messages.realtime';

/** Direct messages: each participant's copies (pushed to their consoles) and the bodies, sealed under the authors' keys. */
@Module({ controllers: [MessagesController], providers: [MessagesReader] })
export class MessagesModule {}

export const messagesFeature: ProjectionFeature = {
  module: MessagesModule,
  readModels: [messageCopiesProjection],
  sealedReadModels: [messageBodiesProjection],
  publishers: () => [messageCopiesPublisher()],
};
