import { designEvents, eventOf, type DesignScopeType } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** one document per design (id = design id) */
export interface DesignDocument extends ProjectedDocument {
  scope_type: DesignScopeType;
  scope_id: string;
  name: string;
  primary_color: string;
  primary_text_color: string;
  background_color: string;
  logo_url: string | null;
  active: boolean;
  updated_at: string;
}

/** The designs of the network and the groups, each knowing whether it is its scope's active one. */
export const designsProjection: Projection<DesignDocument> = {
  name: 'designs',
  version: 1,
  eventTypes: designEvents.map((definition) => definition.type),
  documentIds: (recorded) => {
    const event = eventOf(designEvents, recorded);
    if (event?.type === 'DesignActivated') return [event.data.design_id, event.data.previous_design_id].filter((id): id is string => id !== null);
    return event ? [event.data.design_id] : [];
  },
  evolve: (doc, recorded, id) => {
    const event = eventOf(designEvents, recorded);
    const at = recorded.metadata.occurredAt;
    switch (event?.type) {
      case 'DesignCreated': {
        const { design_id: _design, ...data } = event.data;
        return { _id: id, ...data, active: false, updated_at: at };
      }
      case 'DesignChanged': {
        if (!doc) return null;
        const { design_id: _design, ...fields } = event.data;
        return { ...doc, ...fields, updated_at: at };
      }
      case 'DesignDeleted':
        return null;
      case 'DesignActivated':
        return doc ? { ...doc, active: event.data.design_id === id, updated_at: at } : null;
      default:
        return doc;
    }
  },
  indexes: [['scope_type', 'scope_id']],
};
