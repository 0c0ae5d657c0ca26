import { MEMBER_FOLLOWS_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ChangePublisher } from '../realtime/change-publisher';
import { memberFollowsProjection } from './member-follows.projection';

/**
 * A member followed or stopped following someone: their own open consoles (the member page's button, their
 * list) hear the follower's id and the position, and read their follow state again. Nobody else is told
 * whom a member follows.
 */
export const followChangePublishers = (): ChangePublisher[] => [
  {
    collection: collectionName(memberFollowsProjection),
    publish: (change, hub) => {
      hub.publishTo(change.id, { type: 'changed', collection: MEMBER_FOLLOWS_COLLECTION, id: change.id, doc: { position: change.event.position } });
      return Promise.resolve();
    },
  },
];
