import {
  CalendarCreated,
  CalendarDeleted,
  CalendarShared,
  CalendarShareRemoved,
  CalendarUpdated,
  MemberCalendarTokenIssued,
  MemberCalendarTokenRevoked,
  type CalendarFacts,
} from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** A calendar as stored: personal, network or group ('shared' is how others see a personal one). */
export interface CalendarDocument extends ProjectedDocument, CalendarFacts {
  name: string;
  color: string;
  created_at: string;
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

export const calendarsProjection: Projection<CalendarDocument> = {
  name: 'calendars',
  version: 1,
  eventTypes: [CalendarCreated.type, CalendarUpdated.type, CalendarDeleted.type, CalendarShared.type, CalendarShareRemoved.type],
  documentIds: (event) => [(event.data as { calendar_id: string }).calendar_id],
  evolve: (doc, event, id) => {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case CalendarCreated.type:
        return {
          _id: id,
          name: String(data.name),
          color: String(data.color),
          type: data.type as CalendarDocument['type'],
          parent_id: (data.parent_id) ?? null,
          author_id: (data.author_id) ?? null,
          shared_with: doc?.shared_with ?? [],
          created_at: event.metadata.occurredAt,
        };
      case CalendarUpdated.type:
        return doc ? { ...doc, name: String(data.name), color: String(data.color) } : null;
      case CalendarShared.type: {
        if (!doc) return null;
        const added = ids(data.member_ids).filter((memberId) => !doc.shared_with.includes(memberId));
        return { ...doc, shared_with: [...doc.shared_with, ...added] };
      }
      case CalendarShareRemoved.type: {
        if (!doc) return null;
        const removed = new Set(ids(data.member_ids));
        return { ...doc, shared_with: doc.shared_with.filter((memberId) => !removed.has(memberId)) };
      }
      case CalendarDeleted.type:
        return null;
      default:
        return doc;
    }
  },
};

/** A member's webcal token, kept as its SHA-256 (the token itself is never stored). */
export interface CalendarTokenDocument extends ProjectedDocument {
  token_hash: string;
  issued_at: string;
}

export const calendarTokensProjection: Projection<CalendarTokenDocument> = {
  name: 'calendar_tokens',
  version: 1,
  eventTypes: [MemberCalendarTokenIssued.type, MemberCalendarTokenRevoked.type],
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (_doc, event, id) =>
    event.type === MemberCalendarTokenIssued.type
      ? { _id: id, token_hash: String((event.data as { token_hash: string }).token_hash), issued_at: event.metadata.occurredAt }
      : null,
};
