import type { MeetingRoomEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface MeetingRoomState {
  status: 'unknown' | 'active';
  name: string;
}

export interface CreateMeetingRoom {
  type: 'CreateMeetingRoom';
  room_id: string;
  name: string;
  capacity: number | null;
}

export const initialMeetingRoomState = (): MeetingRoomState => ({ status: 'unknown', name: '' });

export const evolveMeetingRoom = (state: MeetingRoomState, event: MeetingRoomEvent): MeetingRoomState => {
  switch (event.type) {
    case 'MeetingRoomCreated':
      return { status: 'active', name: event.data.name };
    default:
      return state;
  }
};

export const decideMeetingRoom = (command: CreateMeetingRoom, state: MeetingRoomState): MeetingRoomEvent[] => {
  if (state.status !== 'unknown') throw new DomainError('concurrency_conflict', 'conflict');
  return [{ type: 'MeetingRoomCreated', data: { room_id: command.room_id, name: command.name, capacity: command.capacity } }];
};

export const meetingRoomDecider: Decider<MeetingRoomState, CreateMeetingRoom, MeetingRoomEvent> = {
  initialState: initialMeetingRoomState,
  evolve: evolveMeetingRoom,
  decide: decideMeetingRoom,
};
