import { calendarsProjection, calendarTokensProjection } from './calendars.projection';
import { calendarChangePublisher } from './calendars.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const calendarsReadSide: ProjectionReadSide = {
  readModels: [calendarsProjection, calendarTokensProjection],
  publishers: (infra) => [calendarChangePublisher(infra.documentStore)],
};
