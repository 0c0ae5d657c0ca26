import { type INVITE_TABS, type InviteDto } from '@cn/contracts';
import type { AppointmentReadContext } from '../appointments/appointment-dto';
import { canSeeAppointment } from '../appointments/appointment-dto';
import { appointmentsCollection } from '../appointments/appointments.read';
import { loadMembers } from '../calendars/calendars.read';
import { invitesOfMember, inviteStatusOf, isPast, toInviteDto, type InviteSource } from './invite-dto';

export type InviteTab = (typeof INVITE_TABS)[number];

/** open, expired, accepted, declined, obsolete by status; upcoming: accepted and still ahead */
export const inTab = (source: InviteSource, tab: InviteTab, now: Date): boolean => {
  const status = inviteStatusOf(source, now);
  return tab === 'upcoming' ? status === 'accepted' && !isPast(source, now) : status === tab;
};

/** the soonest first while ahead (open, upcoming), the latest first for the rest */
const tabOrder = (tab: InviteTab) => (a: InviteSource, b: InviteSource): number => {
  const ahead = tab === 'open' || tab === 'upcoming';
  const byDate = a.date.start.localeCompare(b.date.start);
  return (ahead ? byDate : -byDate) || a.target_id.localeCompare(b.target_id);
};

/** every invite of the viewer (appointments they take part in, deleted ones included for the obsolete tab) */
export const invitesOfViewer = async (ctx: AppointmentReadContext): Promise<InviteSource[]> => {
  const memberId = ctx.viewer.member_id;
  const docs = await appointmentsCollection(ctx.store).find({ participant_ids: { $contains: memberId } });
  // a deleted appointment stays visible as an obsolete invite to those who were invited
  return docs.filter((doc) => doc.deleted || canSeeAppointment(doc, ctx)).flatMap((doc) => invitesOfMember(doc, memberId, ctx.now));
};

export interface InvitesPage {
  invites: InviteDto[];
  open_count: number;
  has_more: boolean;
}

export const invitesPage = async (ctx: AppointmentReadContext, tab: InviteTab, offset: number, limit: number): Promise<InvitesPage> => {
  const all = await invitesOfViewer(ctx);
  const matching = all.filter((source) => inTab(source, tab, ctx.now)).sort(tabOrder(tab));
  const page = matching.slice(offset, offset + limit);
  const members = await loadMembers(
    ctx.store,
    page.flatMap((source) => [...(source.doc.author_id ? [source.doc.author_id] : []), ...(source.participant.invited_by ? [source.participant.invited_by] : [])]),
  );
  return {
    invites: page.map((source) => toInviteDto(source, members, ctx.now)),
    open_count: all.filter((source) => inTab(source, 'open', ctx.now)).length,
    has_more: offset + limit < matching.length,
  };
};
