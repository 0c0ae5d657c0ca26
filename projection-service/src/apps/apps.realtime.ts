import { APPS_COLLECTION, APPS_TOPIC } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ChangePublisher } from '../realtime/change-publisher';
import { appItemsProjection, appsProjection, type AppDocument, type AppItemDocument } from './apps.projection';
import { taskMarksProjection } from './task-marks.projection';

/**
 * An app's definition or one of its items changed: every console whose open pages watch apps (a wall, an
 * item, a form) hears which app, and reads it again. Apps are the network's shared work: every active
 * member may see them, so the message (the app and the position, nothing of the content) goes to every
 * watcher; the read API answers what each may do.
 */
const publisherOf = (collection: string, appIdOf: (doc: AppDocument | AppItemDocument | null, id: string) => string | null): ChangePublisher => ({
  collection,
  publish: (change, hub) => {
    const appId: string | null = appIdOf(change.doc as AppDocument | AppItemDocument | null, change.id) ?? ((change.event.data as { app_id?: string }).app_id ?? null);
    if (appId === null) return Promise.resolve();
    const message = { type: 'changed' as const, collection: APPS_COLLECTION, id: appId, doc: { position: change.event.position } };
    for (const memberId of hub.watching(APPS_TOPIC)) hub.publishTo(memberId, message);
    return Promise.resolve();
  },
});

/**
 * A member's own marks on a task (star, decline, note) changed: only that member's consoles hear it (no
 * one else sees them), as a change of the task's app, so their tasks views and the item page read again.
 */
const taskMarksPublisher: ChangePublisher = {
  collection: collectionName(taskMarksProjection),
  publish: (change, hub) => {
    // the document is the member's (its id); the event names the task's app (an erasure names none)
    const appId = (change.event.data as { app_id?: unknown }).app_id;
    if (change.doc && typeof appId === 'string') hub.publishTo(change.id, { type: 'changed', collection: APPS_COLLECTION, id: appId, doc: { position: change.event.position } });
    return Promise.resolve();
  },
};

export const appChangePublishers = (): ChangePublisher[] => [
  publisherOf(collectionName(appsProjection), (_doc, id) => id),
  publisherOf(collectionName(appItemsProjection), (doc) => (doc && typeof doc.app_id === 'string' ? doc.app_id : null)),
  taskMarksPublisher,
];
