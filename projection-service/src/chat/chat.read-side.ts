import { chatPublishers } from './chat.realtime';
import { chatDraftsProjection, chatMessagesProjection, chatsProjection } from './chat.projections';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const chatReadSide: ProjectionReadSide = {
  sealedReadModels: [chatMessagesProjection, chatsProjection, chatDraftsProjection],
  publishers: (infra) => chatPublishers(infra.documentStore, infra.cipher, infra.clock),
};
