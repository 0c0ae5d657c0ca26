import { DIGEST_KINDS, type DigestKind, type MembershipSettingsEvent } from '@cn/contracts';
import type { Decider } from '@cn/domain';

/** what a member's settings stream says about their digests: how far each kind covered, its last slot */
export interface DigestState {
  kinds: Record<DigestKind, { up_to_position: number; last_slot_at: string | null }>;
}

export type DigestCommand = {
  type: 'RecordDigestSent';
  member_id: string;
  kind: DigestKind;
  slot: { id: string; at: string };
  up_to_position: number;
  counts: { activities: number; notifications: number; appointments: number };
};

const initialKinds = (): DigestState['kinds'] =>
  Object.fromEntries(DIGEST_KINDS.map((kind) => [kind, { up_to_position: 0, last_slot_at: null }])) as DigestState['kinds'];

/**
 * The timed digest's write decision, on the member's settings stream (`membershipsettings-<id>`): a slot
 * is recorded once, and never one older than the last recorded (a retried or overdue timer appends
 * nothing). The job that runs it is the scheduler's, not a member's: there is nobody to authorize.
 */
export const digestDecider: Decider<DigestState, DigestCommand, MembershipSettingsEvent> = {
  initialState: () => ({ kinds: initialKinds() }),
  evolve: (state, event) => {
    if (event.type !== 'DigestSent') return state;
    const before = state.kinds[event.data.kind];
    return {
      kinds: {
        ...state.kinds,
        [event.data.kind]: {
          up_to_position: Math.max(before.up_to_position, event.data.up_to_position),
          last_slot_at: event.data.slot.slice(event.data.slot.indexOf('@') + 1),
        },
      },
    };
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordDigestSent': {
        const last = state.kinds[command.kind].last_slot_at;
        if (last !== null && Date.parse(last) >= Date.parse(command.slot.at)) return [];
        return [
          {
            type: 'DigestSent',
            data: { member_id: command.member_id, kind: command.kind, slot: command.slot.id, up_to_position: command.up_to_position, ...command.counts },
          },
        ];
      }
    }
  },
};

/** whether the slot was recorded already (sent, or sent and recorded by an earlier run) */
export const slotRecorded = (state: DigestState, kind: DigestKind, at: string): boolean => {
  const last = state.kinds[kind].last_slot_at;
  return last !== null && Date.parse(last) >= Date.parse(at);
};
