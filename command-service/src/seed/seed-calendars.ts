import { randomUUID } from 'node:crypto';
import {
  appointmentFieldsSchema,
  appointmentStream,
  calendarStream,
  CALENDAR_PALETTE,
  groupStream,
  membershipRoleStream,
  type AppointmentFieldsInput,
  type CalendarFacts,
  type Viewer,
} from '@cn/contracts';
import type { Infrastructure } from '@cn/platform';
import type { CommandContext } from '@cn/domain';
import { appointmentDecider, type AppointmentCommand } from '../appointments/appointment.decider';
import { calendarDecider, type CreateCalendar } from '../calendars/calendar.decider';
import { groupDecider, membershipRoleDecider, type GroupCommand, type MembershipRoleCommand } from '../groups/group.decider';
import { executeCommand } from '../shared/execute-command';
import { DEMO_TEXTS, type DemoTexts } from './demo-texts';

type SeedInfra = Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics'>;

export interface DemoCalendarIds {
  groups: Record<'gardening' | 'board', string>;
  roleId: string;
  calendars: { network: string; gardening: string; personal: Record<string, string> };
  appointments: { weekly: string; workshop: string; summerParty: string };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Monday 09:00 UTC of the week after `now`. */
const nextMonday = (now: Date): Date => {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9));
  const untilMonday = (8 - day.getUTCDay()) % 7 || 7;
  return new Date(day.getTime() + untilMonday * DAY);
};

/**
 * Demo groups (with members and admins), a membership role, a network calendar, a group calendar, a
 * personal calendar per member and three appointments: a weekly meeting everyone is invited to, a
 * workshop with an enforced limit of 2, and a summer party open to opt in.
 */
export const seedCalendars = async (
  infra: SeedInfra,
  members: { admin: string; member: string; guest: string; auditor: string },
  context: () => CommandContext,
  texts: DemoTexts = DEMO_TEXTS.de,
  /** the demo groups' categories (seed-groups.ts), when the categories were seeded first */
  categories: { gardening: string | null; board: string | null } = { gardening: null, board: null },
): Promise<{ position: number; ids: DemoCalendarIds }> => {
  let position = 0;
  const run = async <S, C, E extends { type: string; data: unknown }>(
    name: string,
    streamId: string,
    decider: Parameters<typeof executeCommand<S, C, E>>[2]['decider'],
    command: C,
    memberId: string | null,
  ) => {
    const handled = await executeCommand<S, C, E>(infra, name, { streamId, decider, command, context: { ...context(), memberId } });
    position = Math.max(position, handled.position);
  };
  const group = (id: string, command: GroupCommand) => run('SeedGroup', groupStream(id), groupDecider, command, null);
  const role = (id: string, command: MembershipRoleCommand) => run('SeedMembershipRole', membershipRoleStream(id), membershipRoleDecider, command, null);

  const gardening = randomUUID();
  const board = randomUUID();
  await group(gardening, { type: 'CreateGroup', group_id: gardening, slug: 'gardening', name: texts.groups.gardening, group_category_id: categories.gardening, access: 'open' });
  await group(gardening, { type: 'JoinGroup', group_id: gardening, member_id: members.member, admin: true });
  await group(gardening, { type: 'JoinGroup', group_id: gardening, member_id: members.admin, admin: false });
  await group(gardening, { type: 'JoinGroup', group_id: gardening, member_id: members.guest, admin: false });
  await group(board, { type: 'CreateGroup', group_id: board, slug: 'board', name: texts.groups.board, group_category_id: categories.board, access: 'hidden' });
  await group(board, { type: 'JoinGroup', group_id: board, member_id: members.admin, admin: true });
  await group(board, { type: 'JoinGroup', group_id: board, member_id: members.auditor, admin: false });
  const roleId = randomUUID();
  await role(roleId, { type: 'CreateMembershipRole', role_id: roleId, group_id: board, name: texts.role.name, plural_name: texts.role.plural, display_type: 'grouped' });
  await role(roleId, { type: 'AssignMembershipRole', role_id: roleId, member_id: members.admin });
  await role(roleId, { type: 'AssignMembershipRole', role_id: roleId, member_id: members.auditor });

  const viewer = (memberId: string, admin = false): Viewer => ({
    member_id: memberId,
    network_admin: admin,
    external: false,
    group_ids: [gardening, board],
    admin_group_ids: admin ? [board] : [gardening],
  });
  const facts: Record<string, CalendarFacts | null> = {};
  const calendar = async (command: Omit<CreateCalendar, 'type' | 'calendar_id' | 'share_with' | 'parent_group_exists'>, memberId: string) => {
    const id = randomUUID();
    await run('SeedCalendar', calendarStream(id), calendarDecider, { ...command, type: 'CreateCalendar', calendar_id: id, share_with: [], parent_group_exists: true }, memberId);
    facts[id] = { type: command.calendar_type, author_id: memberId, parent_id: command.parent_id, shared_with: [] };
    return id;
  };
  const network = await calendar({ calendar_type: 'network', parent_id: null, name: texts.calendars.network, color: CALENDAR_PALETTE[5], viewer: viewer(members.admin, true) }, members.admin);
  const gardeningCalendar = await calendar(
    { calendar_type: 'group', parent_id: gardening, name: texts.calendars.gardening, color: CALENDAR_PALETTE[8], viewer: viewer(members.member) },
    members.member,
  );
  const personal: Record<string, string> = {};
  for (const [index, memberId] of Object.values(members).entries()) {
    personal[memberId] = await calendar(
      { calendar_type: 'personal', parent_id: null, name: texts.calendars.personal, color: CALENDAR_PALETTE[index % CALENDAR_PALETTE.length], viewer: viewer(memberId) },
      memberId,
    );
  }

  const now = infra.clock().toISOString();
  const appointment = async (id: string, memberId: string, admin: boolean, commands: Array<(access: { viewer: Viewer; calendars: typeof facts }) => AppointmentCommand>) => {
    for (const build of commands) {
      await run('SeedAppointment', appointmentStream(id), appointmentDecider, build({ viewer: viewer(memberId, admin), calendars: facts }), memberId);
    }
  };
  const fields = (input: AppointmentFieldsInput) => appointmentFieldsSchema.parse(input);
  const monday = nextMonday(infra.clock());

  const weekly = randomUUID();
  await appointment(weekly, members.admin, true, [
    (access) => ({
      type: 'CreateAppointment',
      appointment_id: weekly,
      access,
      now,
      fields: fields({
        name: texts.weekly.name,
        description: texts.weekly.description,
        calendar_ids: [network],
        date: { start: monday.toISOString(), end: new Date(monday.getTime() + HOUR).toISOString(), time_zone: 'Europe/Berlin' },
        recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1 },
        location: texts.weekly.location,
      }),
    }),
    (access) => ({
      type: 'AddParticipants',
      access,
      now,
      occurrence_start: null,
      member_ids: Object.values(members),
      group_ids: [],
      membership_role_ids: [],
      status: 'invited',
      send_email_notification: false,
    }),
  ]);

  const workshop = randomUUID();
  const workshopStart = new Date(monday.getTime() + 3 * DAY + 8 * HOUR);
  await appointment(workshop, members.member, false, [
    (access) => ({
      type: 'CreateAppointment',
      appointment_id: workshop,
      access,
      now,
      fields: fields({
        name: texts.workshop.name,
        calendar_ids: [gardeningCalendar],
        date: { start: workshopStart.toISOString(), end: new Date(workshopStart.getTime() + 2 * HOUR).toISOString() },
        attendee_configuration: { total: 2, total_attendees_enforced: true },
        application_configuration: { registration_with_costs: true, costs: 5, registration_required: true },
      }),
    }),
    (access) => ({ type: 'AddParticipants', access, now, occurrence_start: null, member_ids: [members.member], group_ids: [], membership_role_ids: [], status: 'accepted', send_email_notification: false }),
    (access) => ({
      type: 'AddParticipants',
      access,
      now,
      occurrence_start: null,
      member_ids: [members.admin, members.guest],
      group_ids: [gardening],
      membership_role_ids: [],
      status: 'invited',
      send_email_notification: false,
    }),
  ]);

  const summerParty = randomUUID();
  const partyStart = new Date(monday.getTime() + 12 * DAY + 8 * HOUR);
  await appointment(summerParty, members.admin, true, [
    (access) => ({
      type: 'CreateAppointment',
      appointment_id: summerParty,
      access,
      now,
      fields: fields({
        name: texts.party.name,
        calendar_ids: [network],
        date: { start: partyStart.toISOString(), end: new Date(partyStart.getTime() + 5 * HOUR).toISOString() },
        attendee_configuration: { user_can_opt: true },
        is_event: true,
      }),
    }),
  ]);

  return {
    position,
    ids: { groups: { gardening, board }, roleId, calendars: { network, gardening: gardeningCalendar, personal }, appointments: { weekly, workshop, summerParty } },
  };
};
