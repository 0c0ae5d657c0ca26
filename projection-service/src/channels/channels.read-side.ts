import { channelArticlesProjection, channelImagesProjection, channelsProjection } from './channels.projection';
import { articleChangePublisher, channelChangePublisher } from './channels.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const channelsReadSide: ProjectionReadSide = {
  readModels: [channelsProjection, channelArticlesProjection, channelImagesProjection],
  publishers: (infra) => [channelChangePublisher(infra.documentStore), articleChangePublisher(infra.documentStore)],
};
