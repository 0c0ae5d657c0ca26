import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { channelAbilities, SUBSCRIPTION_TYPES, type MemberSubscriptionsResponse, type SubscriptionEntry } from '@cn/contracts';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, HttpProblem, InjectPort, Member, type SignedInMember } from '@cn/platform';
import { z } from 'zod';
import { channelFactsOf, channelsCollection } from '../channels/channels.read';
import { abilitiesOf } from '../groups/group-views';
import { groupsOfMember } from '../groups/groups.read';

const responseSchema = z.object({
  subscriptions: z.array(
    z.object({ type: z.enum(SUBSCRIPTION_TYPES), id: z.string(), slug: z.string(), name: z.string(), subscribed: z.boolean(), can: z.object({ subscribe: z.boolean() }) }),
  ),
});

/**
 * What a member may subscribe to and what they did: the groups they belong to and the channels they may
 * see, each with the flag of the rule its subscribe command enforces (groupAbilities, channelAbilities).
 */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class SubscriptionsController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  @Get('members/:id/subscriptions')
  @Endpoint({
    summary: "The member's own subscriptions: their groups and the channels they may see, subscribed or not, with can.subscribe",
    tags: ['membership-settings'],
    auth: 'member',
    responses: { 200: { description: 'MemberSubscriptionsResponse', schema: responseSchema }, 401: 'unauthenticated', 403: "forbidden (another member's subscriptions)" },
  })
  async subscriptions(@Member() member: SignedInMember, @Param('id') id: string): Promise<MemberSubscriptionsResponse> {
    // like the settings: only the member themself
    if (member.id !== id) throw new HttpProblem(403, 'forbidden');
    const viewer = { member_id: member.id, network_admin: member.roles.network_admin, external: member.roles.external };
    const [groups, channels] = await Promise.all([groupsOfMember(this.store, id), channelsCollection(this.store).find()]);
    const entries: SubscriptionEntry[] = [
      // subscribing follows membership alone (a category's administrators are no members by it)
      ...groups.map((group) => ({
        type: 'group' as const,
        id: group._id,
        slug: group.slug,
        name: group.name,
        subscribed: group.subscriber_ids.includes(id),
        can: { subscribe: abilitiesOf(group, { _id: member.id, roles: member.roles, administered_category_ids: [] }).subscribe },
      })),
      ...channels
        .filter((channel) => channelAbilities(channelFactsOf(channel), viewer).subscribe)
        .map((channel) => ({
          type: 'channel' as const,
          id: channel._id,
          slug: channel._id,
          name: channel.title,
          subscribed: channel.subscriber_ids.includes(id),
          can: { subscribe: channelAbilities(channelFactsOf(channel), viewer).subscribe },
        })),
    ];
    return { subscriptions: entries.sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name)) };
  }
}
