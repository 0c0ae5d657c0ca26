import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import { appointmentFieldsSchema, CONSISTENCY_HEADER, groupRootFolderId, NETWORK_ROOT_FOLDER_ID, type GlobalSearchResponse } from '@cn/contracts';
import { startSearchHarness, type SearchHarness } from '../__tests__/harness';
import { groupDetails } from '../__tests__/memory-index';

/**
 * No viewer ever finds what they may not see, and everyone finds what they may: random networks
 * (roles, groups open, closed or hidden, members and invitations, posts and folders in every stream and
 * scope, groups whose access changes afterwards or whose post is indexed before the group, messages, appointments in network, group and personal calendars with participants) searched by
 * every member, each answer compared with the rules written out here on their own.
 */
interface Setup {
  members: Array<{ admin: boolean; external: boolean }>;
  groups: Array<{
    access: 'open' | 'closed' | 'hidden';
    external: boolean;
    members: number[];
    invited: number[];
    /** the group's access and external visibility changed after its post and folder were written */
    later: { access: 'open' | 'closed' | 'hidden'; external: boolean } | null;
    /** its post indexed before the group itself (another order on a partitioned bus) */
    postFirst: boolean;
  }>;
  messages: Array<{ author: number; recipients: number[] }>;
  appointments: Array<{ calendar: 'network' | 'group' | 'personal'; group: number; owner: number; shared: number[]; participants: number[] }>;
}

const MEMBERS = 4;
const GROUPS = 3;
const memberIndex = fc.integer({ min: 0, max: MEMBERS - 1 });
const someMembers = fc.uniqueArray(memberIndex, { maxLength: MEMBERS });
const accessArbitrary = fc.constantFrom('open' as const, 'closed' as const, 'hidden' as const);
const setupArbitrary: fc.Arbitrary<Setup> = fc.record({
  members: fc.array(fc.record({ admin: fc.boolean(), external: fc.boolean() }), { minLength: MEMBERS, maxLength: MEMBERS }),
  groups: fc.array(
    fc.record({
      access: accessArbitrary,
      external: fc.boolean(),
      members: someMembers,
      invited: someMembers,
      later: fc.option(fc.record({ access: accessArbitrary, external: fc.boolean() })),
      postFirst: fc.boolean(),
    }),
    {
      minLength: GROUPS,
      maxLength: GROUPS,
    },
  ),
  messages: fc.array(fc.record({ author: memberIndex, recipients: someMembers }), { maxLength: 3 }),
  appointments: fc.array(
    fc.record({
      calendar: fc.constantFrom('network' as const, 'group' as const, 'personal' as const),
      group: fc.integer({ min: 0, max: GROUPS - 1 }),
      owner: memberIndex,
      shared: someMembers,
      participants: someMembers,
    }),
    { maxLength: 3 },
  ),
});

describe('global search visibility (property)', () => {
  let h: SearchHarness & { dir: string };
  let run = 0;
  beforeAll(async () => {
    h = await startSearchHarness();
  });
  afterAll(() => h.close());

  const append = (type: string, data: Record<string, unknown>, memberId: string | null = null) => h.append(`test-${randomUUID()}`, type, data, memberId);

  it('answers every viewer exactly the hits the rules allow them', async () => {
    await fc.assert(
      fc.asyncProperty(setupArbitrary, async (setup) => {
        run += 1;
        // a word of its own per run, far from every other run's (the engines match with typos)
        const word = `w${randomUUID().replace(/-/g, '').slice(0, 12)}`;
        const member = (index: number) => `r${run}-m${index}`;
        const groupId = (index: number) => `r${run}-g${index}`;
        for (const [index, roles] of setup.members.entries()) await h.register(member(index), `M${index}`, `Run${run}`, { network_admin: roles.admin, external: roles.external });
        /** what each viewer may find: hit ids by the rules */
        const expected = setup.members.map(() => new Set<string>());
        const allow = (id: string, who: (index: number) => boolean) => setup.members.forEach((_, index) => who(index) && expected[index]?.add(id));
        const isAdmin = (index: number) => setup.members[index]?.admin === true;
        const isExternal = (index: number) => setup.members[index]?.external === true;

        // the network's stream and files: everyone
        await append('ActivityPosted', { activity_id: `r${run}-post-network`, group_id: null, author_id: member(0), html_content: `${word} network`, attachments: [] });
        allow(`r${run}-post-network`, () => true);
        await append('FolderCreated', { folder_id: `r${run}-folder-network`, scope_type: 'network', group_id: null, parent_folder_id: NETWORK_ROOT_FOLDER_ID, name: `${word} folder`, description: '', author_id: member(0) });
        allow(`r${run}-folder-network`, () => true);

        for (const [g, group] of setup.groups.entries()) {
          const id = groupId(g);
          const post = () => append('ActivityPosted', { activity_id: `${id}-post`, group_id: id, author_id: member(0), html_content: `${word} in group`, attachments: [] });
          const detailsChanged = (access: 'open' | 'closed' | 'hidden', externally_visible: boolean) => {
            const details = groupDetails(`${word} group ${g}`, access, externally_visible);
            return append('GroupDetailsChanged', { group_id: id, details, changed_fields: ['access', 'externally_visible'] });
          };
          if (group.postFirst) await post();
          await append('GroupCreated', { group_id: id, slug: id, name: `${word} group ${g}`, group_category_id: null, access: group.access });
          if (group.external) await detailsChanged(group.access, true);
          // the rules answer with the group as it ends up
          const { access, external } = group.later ?? group;
          // external members see a group that is not hidden only when it is externally visible
          const outsiderSees = (index: number) => access !== 'hidden' && (!isExternal(index) || external);
          for (const m of group.members) await append('MemberJoinedGroup', { group_id: id, member_id: member(m), admin: false });
          const invited = group.invited.filter((m) => !group.members.includes(m));
          for (const m of invited) {
            await append('MemberInvitedToGroup', { group_id: id, invite_id: `${id}-i${m}`, member_id: member(m), author_id: member(0), additional_message: '', invited_at: new Date().toISOString() });
          }
          const isMember = (index: number) => group.members.includes(index);
          // the group itself: members, invited, network admins; others unless hidden (external members: only externally visible ones)
          allow(id, (index) => isAdmin(index) || isMember(index) || invited.includes(index) || outsiderSees(index));
          if (!group.postFirst) await post();
          // its stream: network admins, members, and whoever sees a group that is not hidden (an invitation shows it to an external member)
          allow(`${id}-post`, (index) => isAdmin(index) || isMember(index) || (access !== 'hidden' && invited.includes(index)) || outsiderSees(index));
          await append('FolderCreated', { folder_id: `${id}-folder`, scope_type: 'group', group_id: id, parent_folder_id: groupRootFolderId(id), name: `${word} folder`, description: '', author_id: member(0) });
          // its files: members only, network admins included
          allow(`${id}-folder`, isMember);
          // its access changed afterwards: what was written before follows
          if (group.later) await detailsChanged(group.later.access, group.later.external);
        }

        for (const [n, message] of setup.messages.entries()) {
          const recipients = message.recipients.filter((m) => m !== message.author);
          if (recipients.length === 0) continue;
          const id = `r${run}-msg${n}`;
          await append('MessageSent', {
            message_id: id,
            conversation_id: id,
            author_id: member(message.author),
            recipient_ids: recipients.map(member),
            to_member_ids: recipients.map(member),
            to_group_ids: [],
            to_all_network_members: false,
            forwarded_message_id: null,
            subject: await h.infra.cipher.encrypt(member(message.author), `${word} subject`),
            content: await h.infra.cipher.encrypt(member(message.author), 'content'),
            attachments: [],
          });
          allow(id, (index) => index === message.author || recipients.includes(index));
        }

        for (const [n, appointment] of setup.appointments.entries()) {
          const calendarId = `r${run}-cal${n}`;
          const parent = appointment.calendar === 'group' ? groupId(appointment.group) : null;
          await append('CalendarCreated', { calendar_id: calendarId, name: 'Cal', color: '388e3c', type: appointment.calendar, parent_id: parent, author_id: member(appointment.owner) });
          if (appointment.calendar === 'personal' && appointment.shared.length > 0) await append('CalendarShared', { calendar_id: calendarId, member_ids: appointment.shared.map(member) });
          const id = `r${run}-app${n}`;
          const fields = appointmentFieldsSchema.parse({
            name: `${word} meeting`,
            description: '',
            calendar_ids: [calendarId],
            date: { start: '2026-03-02T17:00:00.000Z', end: '2026-03-02T19:00:00.000Z' },
          });
          await append('AppointmentCreated', { appointment_id: id, author_id: member(appointment.owner), appointment: fields });
          if (appointment.participants.length > 0) {
            await append('ParticipantsInvited', {
              appointment_id: id,
              occurrence_start: null,
              participants: appointment.participants.map((m) => ({ member_id: member(m), status: 'invited' })),
              group_ids: [],
              membership_role_ids: [],
              send_email_notification: false,
              invited_by: member(appointment.owner),
            });
          }
          const group = setup.groups[appointment.group];
          const seesCalendar = (index: number): boolean =>
            appointment.calendar === 'network' ||
            (appointment.calendar === 'group' && (group?.members.includes(index) ?? false)) ||
            (appointment.calendar === 'personal' && (index === appointment.owner || appointment.shared.includes(index)));
          allow(id, (index) => isAdmin(index) || index === appointment.owner || appointment.participants.includes(index) || seesCalendar(index));
        }

        const head = await h.infra.eventStore.headPosition();
        for (const [index] of setup.members.entries()) {
          const found = new Set<string>();
          for (const module of ['activities', 'messages', 'appointments', 'folders', 'groups'] as const) {
            const res = await request(h.server).get('/search.json').query({ q: word, module }).set('Cookie', h.cookie(member(index))).set(CONSISTENCY_HEADER, String(head));
            expect(res.status).toBe(200);
            for (const hit of (res.body as GlobalSearchResponse).results.flatMap((result) => result.hits)) found.add(hit.id);
          }
          expect({ viewer: index, found: [...found].sort() }).toEqual({ viewer: index, found: [...(expected[index] ?? [])].sort() });
        }
      }),
      { numRuns: 15 },
    );
  }, 180_000);
});
