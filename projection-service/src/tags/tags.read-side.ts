import { APPS_COLLECTION, APPS_TOPIC, TAGS_COLLECTION, tagEvents, type TagCatalogue } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { tagsProjection } from './tags.projection';
import type { ProjectionReadSide } from '../core/projection-feature';
import { everyConsoleHears } from '../realtime/change-publisher';

const TAG_EVENT_TYPES: ReadonlySet<string> = new Set(tagEvents.map((definition) => definition.type));

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const tagsReadSide: ProjectionReadSide = {
  readModels: [tagsProjection],
  publishers: () => [
    // every member's tag fields suggest the tags: every open console hears a change (only the position)
    everyConsoleHears(collectionName(tagsProjection), TAGS_COLLECTION),
    {
      // a rename, merge or deletion changes what the items holding the tag show (apps read them through the
      // catalogue): the open walls, items and forms of every app with a tag property read again
      collection: collectionName(tagsProjection),
      publish: (change, hub) => {
        if (!TAG_EVENT_TYPES.has(change.event.type)) return Promise.resolve();
        const catalogue = change.doc as TagCatalogue | null;
        const appIds = Object.entries(catalogue?.tag_properties ?? {}).flatMap(([appId, properties]) => (properties.length > 0 ? [appId] : []));
        const watchers = hub.watching(APPS_TOPIC);
        for (const appId of appIds) {
          const message = { type: 'changed' as const, collection: APPS_COLLECTION, id: appId, doc: { position: change.event.position } };
          for (const memberId of watchers) hub.publishTo(memberId, message);
        }
        return Promise.resolve();
      },
    },
  ],
};
