import { ChangeRequestAccepted, ChangeRequestRejected, ChangeRequestSubmitted, type ChangeRequestField, type ChangeRequestStatus } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** One change request for the administrators' list; the values arrive revealed (empty once the member is erased). */
export interface ChangeRequestDocument extends ProjectedDocument {
  member_id: string;
  fields: ChangeRequestField[];
  changes: { first_name?: string; last_name?: string; birthday?: string | null };
  status: ChangeRequestStatus;
  submitted_at: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const changeRequestsProjection: Projection<ChangeRequestDocument> = {
  name: 'change_requests',
  version: 1,
  eventTypes: [ChangeRequestSubmitted.type, ChangeRequestAccepted.type, ChangeRequestRejected.type],
  documentIds: (event) => [(event.data as { change_request_id: string }).change_request_id],
  indexes: [['status', 'submitted_at']],
  evolve: (doc, event, id) => {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case ChangeRequestSubmitted.type: {
        const fields = data.fields as ChangeRequestField[];
        const changes: ChangeRequestDocument['changes'] = {};
        if (fields.includes('first_name')) changes.first_name = text(data.first_name);
        if (fields.includes('last_name')) changes.last_name = text(data.last_name);
        if (fields.includes('birthday')) changes.birthday = text(data.birthday) || null;
        return { _id: id, member_id: text(data.member_id), fields, changes, status: 'open', submitted_at: text(data.submitted_at) };
      }
      case ChangeRequestAccepted.type:
        return doc ? { ...doc, status: 'accepted' } : null;
      case ChangeRequestRejected.type:
        return doc ? { ...doc, status: 'rejected' } : null;
      default:
        return doc;
    }
  },
};

