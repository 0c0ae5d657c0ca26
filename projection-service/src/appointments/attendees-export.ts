import { loadDetailRefs, sortParticipants, type AppointmentReadContext } from './appointment-dto';
import type { AppointmentInstance } from './appointment-instances';
import { memberRef } from '../calendars/calendars.read';

export const ATTENDEE_COLUMNS = ['name', 'first_name', 'last_name', 'email', 'status', 'roles', 'external', 'invited_at', 'answered_at'] as const;

/** participants of an instance as table rows, sorted like the detail page (accepted, declined, invited; name) */
export const attendeeRows = async (
  ctx: AppointmentReadContext,
  instance: AppointmentInstance,
): Promise<{ header: string[]; rows: Array<Array<string | boolean>> }> => {
  const { members, roles } = await loadDetailRefs(ctx, instance);
  const named = instance.participants.map((p) => ({ ...p, name: memberRef(members?.get(p.member_id), p.member_id).name }));
  const rows = sortParticipants(named).map((p) => {
    const member = members?.get(p.member_id);
    const live = member && !member.deleted ? member : null;
    return [
      p.name,
      live?.first_name ?? '',
      live?.last_name ?? '',
      live?.email ?? '',
      p.status,
      (roles?.get(p.member_id) ?? []).map((role) => role.name).join(', '),
      member?.roles.external ?? false,
      p.invited_at,
      p.changed_at ?? '',
    ];
  });
  return { header: [...ATTENDEE_COLUMNS], rows };
};
