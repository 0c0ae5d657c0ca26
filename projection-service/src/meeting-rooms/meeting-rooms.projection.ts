import { eventOf, MeetingRoomCreated } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

export type MeetingRoomDocument = ProjectedDocument & { name: string; capacity: number | null; created_at: string };

/** The network's meeting rooms. */
export const meetingRoomsProjection: Projection<MeetingRoomDocument> = {
  name: 'meeting_rooms',
  version: 1,
  eventTypes: ['MeetingRoomCreated'],
  documentIds: (event) => [(event.data as { room_id: string }).room_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf([MeetingRoomCreated], recorded);
    switch (event?.type) {
      case 'MeetingRoomCreated':
        return { _id: id, name: event.data.name, capacity: event.data.capacity, created_at: recorded.metadata.occurredAt };
      default:
        return doc;
    }
  },
};
