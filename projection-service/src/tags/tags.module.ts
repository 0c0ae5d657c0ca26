import { Module } from '@nestjs/common';
import { TAGS_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ProjectionFeature } from '../core/projection-feature';
import { TagsController } from './tags.controller';
import { tagsProjection } from './tags.projection';

/** The network's tags: the tag picker's suggestions and the administration's list (issue 14). */
@Module({ controllers: [TagsController] })
export class TagsModule {}

export const tagsFeature: ProjectionFeature = {
  module: TagsModule,
  readModels: [tagsProjection],
  publishers: () => [
    {
      // every member's tag fields suggest the tags: every open console hears a change (only the position)
      collection: collectionName(tagsProjection),
      publish: (change, hub) => {
        const message = { type: 'changed' as const, collection: TAGS_COLLECTION, id: change.id, doc: { position: change.event.position } };
        for (const memberId of hub.connectedMembers()) hub.publishTo(memberId, message);
        return Promise.resolve();
      },
    },
  ],
};
