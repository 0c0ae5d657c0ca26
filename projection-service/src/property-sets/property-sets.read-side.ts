import { PROPERTY_SETS_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { everyConsoleHears, type ChangePublisher } from '../realtime/change-publisher';
import { propertySetsProjection } from './property-sets.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/**
 * An open property-set editor (or page using a set) reads itself again when a set is saved: the message
 * names the set's document (`<name>:<context_type>:<context_id>`) and its position, never its content.
 */
export const propertySetPublishers = (): ChangePublisher[] => [everyConsoleHears(collectionName(propertySetsProjection), PROPERTY_SETS_COLLECTION)];

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const propertySetsReadSide: ProjectionReadSide = {
  readModels: [propertySetsProjection],
  publishers: () => propertySetPublishers(),
};
