import { eventOf, memberEvents, widgetBarEvents, type WidgetBarResponse } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** One document per bar (`<scope>:<slug>`): its widgets and the revision its editor saves at. */
export interface WidgetBarDocument extends ProjectedDocument {
  scope: string;
  slug: string;
  widgets: WidgetBarResponse['widgets'];
  revision: number;
}

export const widgetBarId = (scope: string, slug: string): string => `${scope}:${slug}`;

export const widgetBarsProjection: Projection<WidgetBarDocument> = {
  name: 'widgetbars',
  version: 1,
  eventTypes: widgetBarEvents.map((definition) => definition.type),
  documentIds: (event) => {
    const saved = eventOf(widgetBarEvents, event);
    return saved ? [widgetBarId(saved.data.scope, saved.data.slug)] : [];
  },
  evolve(doc, event, id) {
    if (doc && doc._position >= event.position) return doc;
    const saved = eventOf(widgetBarEvents, event);
    if (!saved) return doc;
    return { _id: id, scope: saved.data.scope, slug: saved.data.slug, widgets: saved.data.widgets, revision: (doc?.revision ?? 0) + 1 };
  },
};

/** When each member registered (the newest members widget); erasure removes the entry. */
export interface MemberSinceDocument extends ProjectedDocument {
  registered_at: string;
}

export const memberSinceProjection: Projection<MemberSinceDocument> = {
  name: 'widget_member_since',
  version: 1,
  eventTypes: ['MemberRegistered', 'MemberErased'],
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve(doc, recorded, id) {
    const event = eventOf(memberEvents, recorded);
    if (event?.type === 'MemberErased') return null;
    if (event?.type === 'MemberRegistered') return doc ?? { _id: id, registered_at: recorded.metadata.occurredAt };
    return doc;
  },
};
