import { WIDGETBARS_COLLECTION, WIDGETBARS_ONLINE_TOPIC } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { filesProjection, type FileDocument } from '../files/files.projection';
import { membersProjection, type MemberDocument } from '../members/members.projection';
import { memberLocksProjection } from '../members/member-locks.projection';
import type { ChangePublisher } from '../realtime/change-publisher';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { memberSinceProjection, widgetBarsProjection } from './widgetbars.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** changes of one kind within this time go out as one push: a burst of member events costs each open bar one read */
export const WIDGETBAR_PUSH_COALESCE_MS = 150;
/** the most-viewed widget follows views (and published, moved, renamed, removed files) at most once a second: a busy file costs each open bar one read a second, not one per view */
export const WIDGETBAR_FILES_PUSH_THROTTLE_MS = 1000;
/** the id the pushes name when the files a most-viewed widget shows may have changed */
export const WIDGETBAR_FILES_CHANGE = 'files';

/**
 * What of a member's document the widgets show (widgetbars.read): names, image, email, birthday and age,
 * roles (the admins widget), whether they are erased, and whether they hide as invisible (the online
 * widget). Not the status text, nor online against busy.
 */
export const widgetShapeOf = (doc: MemberDocument | null): string =>
  doc
    ? JSON.stringify([doc.first_name, doc.last_name, doc.email, doc.image?.version ?? null, doc.birthday ?? null, doc.show_age ?? null, doc.roles, doc.deleted, doc.presence?.type === 'invisible'])
    : '';

/**
 * Open widget bars read themselves again when something they show changed: a saved bar, a member who
 * registered, changed (presence, profile), was locked or erased, and a member coming online or going
 * offline, a file viewed, published, moved, renamed or removed (throttled). The message names the bar (or
 * `members`, `files`), never its content: each console reads its own view. It goes to the consoles whose
 * open pages show a bar or its editor (they watch the `widgetbars` topic), not to every connected one; a
 * member coming online or going offline only to those showing an online-members widget (they also watch
 * `widgetbars_online`): a storm of consoles connecting makes no other bar read itself again.
 */
export const widgetBarPublishers = (): ChangePublisher[] => {
  /** per member, what of their document the widgets show, as last announced (a member not seen yet is news) */
  const shown = new Map<string, string>();
  const widgetsMayShow = (memberId: string, doc: MemberDocument | null): boolean => {
    const now = widgetShapeOf(doc);
    if (shown.get(memberId) === now) return false;
    shown.set(memberId, now);
    return true;
  };
  /** per topic and id, the announcement waiting out its window */
  const pending = new Map<string, { hub: RealtimeHub; position: number }>();
  const announce = (hub: RealtimeHub, id: string, position: number, windowMs = WIDGETBAR_PUSH_COALESCE_MS, topic = WIDGETBARS_COLLECTION): void => {
    const key = `${topic} ${id}`;
    const waiting = pending.get(key);
    if (waiting) {
      waiting.position = Math.max(waiting.position, position);
      return;
    }
    pending.set(key, { hub, position });
    setTimeout(() => {
      const due = pending.get(key);
      pending.delete(key);
      if (!due) return;
      const message = { type: 'changed' as const, collection: WIDGETBARS_COLLECTION, id, doc: { position: due.position } };
      // only consoles showing a bar (or its editor; for presence, an online widget) watch the topic: the others would read nothing again
      due.hub.publishToWatching(topic, message);
    }, windowMs).unref();
  };
  return [
  {
    collection: collectionName(widgetBarsProjection),
    publish: (change, hub) => {
      announce(hub, change.id, change.event.position);
      return Promise.resolve();
    },
  },
  {
    collection: collectionName(filesProjection),
    publish: (change, hub) => {
      // an upload not yet published is in no widget
      if ((change.doc as FileDocument | null)?.state !== 'volatile') announce(hub, WIDGETBAR_FILES_CHANGE, change.event.position, WIDGETBAR_FILES_PUSH_THROTTLE_MS);
      return Promise.resolve();
    },
  },
  ...[membersProjection, memberLocksProjection, memberSinceProjection].map(
    (projection, at): ChangePublisher => ({
      collection: collectionName(projection),
      publish: (change, hub) => {
        // a member's change no widget shows (a status text, online or busy) makes no bar read itself again
        if (at === 0 && !widgetsMayShow(change.id, change.doc as MemberDocument | null)) return Promise.resolve();
        announce(hub, 'members', change.event.position);
        return Promise.resolve();
      },
      // presence follows the connection: one publisher is enough to hear of it
      ...(at === 0
        ? {
            presenceChanged: (_memberId: string, hub: RealtimeHub) => {
              announce(hub, 'members', 0, WIDGETBAR_PUSH_COALESCE_MS, WIDGETBARS_ONLINE_TOPIC);
              return Promise.resolve();
            },
          }
        : {}),
    }),
  ),
  ];
};

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const widgetBarsReadSide: ProjectionReadSide = {
  readModels: [widgetBarsProjection, memberSinceProjection],
  publishers: () => widgetBarPublishers(),
};
