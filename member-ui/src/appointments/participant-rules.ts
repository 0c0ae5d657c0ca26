import { PARTICIPANT_LIST_COLLAPSE_PX, type ParticipantDto } from '@cn/contracts';

export interface ParticipantGroup {
  /** role id, or 'guests' for participants without a role */
  id: string;
  /** the role's plural name; null for the default group (labelled 'guests') */
  title: string | null;
  display_type: 'listed' | 'grouped';
  participants: ParticipantDto[];
  accepted: number;
}

const STATUS_RANK: Record<ParticipantDto['status'], number> = { accepted: 0, declined: 1, rejected: 1, invited: 2, open: 2 };

const nameOf = (participant: ParticipantDto): string => {
  const { last_name, first_name, name } = participant.membership;
  return `${last_name} ${first_name}`.trim() || name;
};

/** Accepted first, then declined or rejected, then invited; within a status by name. */
export const compareParticipants = (a: ParticipantDto, b: ParticipantDto): number =>
  STATUS_RANK[a.status] - STATUS_RANK[b.status] || nameOf(a).localeCompare(nameOf(b), undefined, { sensitivity: 'base' });

/** Participants grouped by their first role (the default group 'guests' last), each group sorted. */
export const groupParticipants = (participants: ParticipantDto[]): ParticipantGroup[] => {
  const groups = new Map<string, ParticipantGroup>();
  for (const participant of participants) {
    const role = participant.roles[0];
    const id = role?.id ?? 'guests';
    const group = groups.get(id) ?? {
      id,
      title: role?.plural_name ?? null,
      display_type: role?.display_type ?? 'listed',
      participants: [],
      accepted: 0,
    };
    group.participants.push(participant);
    if (participant.status === 'accepted') group.accepted += 1;
    groups.set(id, group);
  }
  return [...groups.values()]
    .map((group) => ({ ...group, participants: [...group.participants].sort(compareParticipants) }))
    .sort((a, b) => (a.id === 'guests' ? 1 : b.id === 'guests' ? -1 : (a.title ?? '').localeCompare(b.title ?? '')));
};

/** Lists start collapsed for grouped roles and on narrow windows. */
export const startsCollapsed = (group: Pick<ParticipantGroup, 'display_type'>, windowWidth: number): boolean =>
  group.display_type === 'grouped' || windowWidth < PARTICIPANT_LIST_COLLAPSE_PX;
