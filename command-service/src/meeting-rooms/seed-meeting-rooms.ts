import type { Infrastructure } from '@cn/platform';
import type { CommandContext } from '@cn/domain';
import { createMeetingRoom } from './creating-meeting-room/create-meeting-room.command';

export const DEMO_MEETING_ROOMS = [
  { name: 'Saal', capacity: 120 },
  { name: 'Besprechungsraum 1', capacity: 12 },
  { name: 'Besprechungsraum 2', capacity: 8 },
] as const;

/** The demo network's rooms; answers the position of the last one. */
export const seedMeetingRooms = async (infra: Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics'>, context: () => CommandContext): Promise<number> => {
  let position = 0;
  for (const room of DEMO_MEETING_ROOMS) position = (await createMeetingRoom(infra, room, context())).position;
  return position;
};
