import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { DEFAULT_MEMBERSHIP_SETTINGS, DEFAULT_TIME_ZONE, membershipSettingsAbilities, membershipSettingsSchema, type MembershipSettingsResponse } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, HttpProblem, InjectPort, Member, type SignedInMember } from '@cn/platform';
import { z } from 'zod';
import { groupsOfMember } from '../groups/groups.read';
import { loadNetwork } from '../network/network.read';
import { membershipSettingsProjection, type MembershipSettingsDocument } from './membership-settings.projection';

const responseSchema = z.object({
  settings: membershipSettingsSchema,
  can: z.object({ edit: z.boolean(), reactivate: z.boolean(), tabs: z.record(z.string(), z.boolean()) }),
  bounced: z.boolean(),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  network_time_zone: z.string(),
});

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class MembershipSettingsController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  @Get('members/:id/settings')
  @Endpoint({
    summary: "The member's own membership settings (id 'me' or their own id) with the tabs the network offers them (can) and their groups for 'selected groups'",
    tags: ['membership-settings'],
    auth: 'member',
    responses: { 200: { description: 'MembershipSettingsResponse (bounced: the address is bounce-listed; can.reactivate)', schema: responseSchema }, 401: 'unauthenticated', 403: "forbidden (another member's settings)" },
  })
  async settings(@Member() member: SignedInMember, @Param('id') requested: string): Promise<MembershipSettingsResponse> {
    // 'me' names the signed-in member
    const id = requested === 'me' ? member.id : requested;
    const { settings: network } = await loadNetwork(this.store);
    const viewer = { member_id: member.id, network_admin: member.roles.network_admin };
    // the rule the command refuses by: only the member themself
    if (!membershipSettingsAbilities(viewer, id, network.mail).edit) throw new HttpProblem(403, 'forbidden');
    const [doc, groups] = await Promise.all([
      this.store.collection<MembershipSettingsDocument>(collectionName(membershipSettingsProjection)).get(id),
      groupsOfMember(this.store, id),
    ]);
    const bounced = doc?.bounced === true;
    // can.reactivate: the rule ReactivateMemberEmail refuses by, while the address is bounce-listed
    const can = membershipSettingsAbilities(viewer, id, network.mail, bounced);
    return {
      // settings saved before the member's zone existed have none: the network's
      settings: doc ? { ...doc.settings, time_zone: doc.settings.time_zone ?? null } : DEFAULT_MEMBERSHIP_SETTINGS,
      can,
      bounced,
      groups: groups.map((group) => ({ id: group._id, name: group.name })).sort((a, b) => a.name.localeCompare(b.name)),
      network_time_zone: network.basic.time_zone ?? DEFAULT_TIME_ZONE,
    };
  }
}
