import { APP_NAVIGATION_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { everyConsoleHears } from '../realtime/change-publisher';
import { appNavigationsProjection } from './app-navigation.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/**
 * A saved app navigation reaches every open console and app at once: the editors of other administrators
 * read it again (their next save would otherwise be a 409), and apps fetch their navigation again.
 */
const appNavigationPublisher = everyConsoleHears(collectionName(appNavigationsProjection), APP_NAVIGATION_COLLECTION);

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const appNavigationReadSide: ProjectionReadSide = {
  readModels: [appNavigationsProjection],
  publishers: () => [appNavigationPublisher],
};
