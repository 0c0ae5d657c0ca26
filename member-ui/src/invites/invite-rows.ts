import type { AppointmentDate, InviteDto, InviteStatus, ParticipationsResponse } from '@cn/contracts';

/** One line of the invites page, whether it came from an invite or from a participation. */
export interface InviteRow {
  key: string;
  appointmentId: string;
  name: string;
  date: AppointmentDate;
  canceled: boolean;
  invitedBy: string | null;
  status: InviteStatus;
  /** the invite to answer (open tab only) */
  invite: InviteDto | null;
}

/** the tabs read from GET /api/v1/participations (spec §7: accepted and declined lists, 20 a page) */
export const PARTICIPATION_TABS = ['accepted', 'declined'] as const;
export type ParticipationTab = (typeof PARTICIPATION_TABS)[number];
export const isParticipationTab = (tab: string): tab is ParticipationTab => (PARTICIPATION_TABS as readonly string[]).includes(tab);

export const rowOfInvite = (invite: InviteDto): InviteRow => ({
  key: invite.id,
  appointmentId: invite.appointment.id,
  name: invite.appointment.name,
  date: invite.appointment.date,
  canceled: invite.appointment.status === 'canceled',
  invitedBy: invite.invited_by?.name ?? null,
  status: invite.status,
  invite,
});

export const rowOfParticipation = ({ appointment, status }: ParticipationsResponse['participations'][number]): InviteRow => ({
  key: `${appointment.id}.${status}`,
  appointmentId: appointment.id,
  name: appointment.name,
  date: appointment.date,
  canceled: appointment.canceled,
  invitedBy: appointment.my_invite?.invited_by?.name ?? null,
  // rejected by an organizer reads as declined, like the declined tab of the invites
  status: status === 'accepted' ? 'accepted' : 'declined',
  invite: null,
});
