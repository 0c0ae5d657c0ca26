import { randomUUID } from 'node:crypto';
import { DEFAULT_NETWORK_ID, groupCategoriesStream, groupStream, slugOfName, type GroupDetails } from '@cn/contracts';
import type { Infrastructure } from '@cn/platform';
import type { CommandContext } from '@cn/domain';
import { groupCategoriesDecider } from '../groups/group-categories.decider';
import { groupDecider, type GroupActor } from '../groups/group.decider';
import { executeCommand } from '../shared/execute-command';
import type { DemoTexts } from './demo-texts';

type SeedInfra = Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics'>;

export interface DemoGroupCategoryIds {
  interests: string;
  committees: string;
}

/** The directory's group categories (interest groups first, then committees); members may found interest groups. */
export const seedGroupCategories = async (
  infra: SeedInfra,
  adminId: string,
  context: () => CommandContext,
  texts: DemoTexts,
): Promise<{ position: number; ids: DemoGroupCategoryIds }> => {
  let position = 0;
  const ids: DemoGroupCategoryIds = { interests: randomUUID(), committees: randomUUID() };
  for (const key of ['interests', 'committees'] as const) {
    const { name, plural } = texts.groupCategories[key];
    const handled = await executeCommand(infra, 'SeedGroupCategory', {
      streamId: groupCategoriesStream(DEFAULT_NETWORK_ID),
      decider: groupCategoriesDecider,
      command: {
        type: 'CreateGroupCategory',
        network_id: DEFAULT_NETWORK_ID,
        category: { id: ids[key], slug: slugOfName(plural), name, plural_name: plural, color: key === 'interests' ? '388e3c' : '5e35b1', members_can_create: key === 'interests' },
        network_admin: true,
      },
      context: { ...context(), memberId: adminId },
    });
    position = Math.max(position, handled.position);
  }
  return { position, ids };
};

/**
 * More demo groups through the groups module's own command: an open choir (Max its admin), a moderated
 * book club (Ada its admin; Max may ask to join) and a closed building committee.
 */
export const seedGroups = async (
  infra: SeedInfra,
  members: { admin: string; member: string; auditor: string },
  categories: DemoGroupCategoryIds,
  context: () => CommandContext,
  texts: DemoTexts,
): Promise<{ position: number }> => {
  let position = 0;
  const actor = (memberId: string, networkAdmin: boolean): GroupActor => ({ member_id: memberId, network_admin: networkAdmin, external: false, administered_category_ids: [] });
  const found = async (founder: GroupActor, key: keyof DemoTexts['moreGroups'], categoryId: string, settings: Partial<GroupDetails>) => {
    const groupId = randomUUID();
    const { name, teaser } = texts.moreGroups[key];
    const details: GroupDetails = {
      name,
      teaser,
      description: '',
      group_category_id: categoryId,
      access: 'open',
      moderated_join: false,
      members_can_invite: false,
      externally_visible: false,
      sensitive: false,
      active_main_group: false,
      chat: 'disabled',
      ...settings,
    };
    const handled = await executeCommand(infra, 'SeedGroup', {
      streamId: groupStream(groupId),
      decider: groupDecider,
      command: { type: 'FoundGroup', group_id: groupId, slug: slugOfName(name), details, may_create_in_category: true, actor: founder },
      context: { ...context(), memberId: founder.member_id },
    });
    position = Math.max(position, handled.position);
    return groupId;
  };
  const choir = await found(actor(members.member, false), 'choir', categories.interests, { members_can_invite: true });
  await executeCommand(infra, 'SeedGroup', {
    streamId: groupStream(choir),
    decider: groupDecider,
    command: { type: 'JoinGroup', group_id: choir, member_id: members.auditor, admin: false },
    context: { ...context(), memberId: members.auditor },
  });
  await found(actor(members.admin, true), 'bookClub', categories.interests, { moderated_join: true });
  const building = await found(actor(members.admin, true), 'building', categories.committees, { access: 'closed' });
  const joined = await executeCommand(infra, 'SeedGroup', {
    streamId: groupStream(building),
    decider: groupDecider,
    command: { type: 'JoinGroup', group_id: building, member_id: members.auditor, admin: false },
    context: { ...context(), memberId: members.admin },
  });
  return { position: Math.max(position, joined.position) };
};
