import { messageBodiesProjection, messageCopiesProjection } from './messages.projection';
import { messageCopiesPublisher } from './messages.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const messagesReadSide: ProjectionReadSide = {
  readModels: [messageCopiesProjection],
  sealedReadModels: [messageBodiesProjection],
  publishers: () => [messageCopiesPublisher()],
};
