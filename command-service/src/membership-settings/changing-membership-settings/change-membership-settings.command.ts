import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { groupStream, membershipSettingsAbilities, membershipSettingsStream, type RequestedMembershipSettings } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { evolveGroup, initialGroupState } from '../../groups/group-state';
import { CommandLookup } from '../../lookup/command-lookup';
import { membershipSettingsDecider } from '../membership-settings.decider';

export const CHANGE_MEMBERSHIP_SETTINGS = 'ChangeMembershipSettings';

/** A member changes their membership settings (which mails they get). */
export class ChangeMembershipSettingsCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { member_id: string; settings: RequestedMembershipSettings },
  ) {
    super();
  }
}

type GroupStreamEvent = Parameters<typeof evolveGroup>[1];

/** Load (the issuer, the network's mail settings, the selected groups), decide, append. */
@CommandHandler(ChangeMembershipSettingsCommand)
export class ChangeMembershipSettingsHandler implements ICommandHandler<ChangeMembershipSettingsCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  /** of the selected groups, those the member belongs to (from each group's own events) */
  private async memberGroups(memberId: string, settings: RequestedMembershipSettings): Promise<string[]> {
    const selected = [...new Set([...settings.email_digests.group_ids, ...settings.email_daily_digests.group_ids])];
    const mine: string[] = [];
    for (const groupId of selected) {
      const events = await this.commands.eventStore.readStream(groupStream(groupId));
      const group = events.reduce((state, event) => evolveGroup(state, { type: event.type, data: event.data } as GroupStreamEvent), initialGroupState());
      if (group.exists && !group.deleted && Object.hasOwn(group.members, memberId)) mine.push(groupId);
    }
    return mine;
  }

  async execute({ issuer, payload }: ChangeMembershipSettingsCommand): Promise<{ position: number }> {
    const member = await this.lookup.issuer(issuer);
    const settings = await this.lookup.networkSettings();
    const can = membershipSettingsAbilities({ member_id: member._id, network_admin: member.roles.network_admin }, payload.member_id, settings.mail);
    const handled = await this.commands.run(CHANGE_MEMBERSHIP_SETTINGS, {
      streamId: membershipSettingsStream(payload.member_id),
      decider: membershipSettingsDecider,
      command: { type: 'ChangeMembershipSettings', member_id: payload.member_id, settings: payload.settings, can, member_group_ids: can.edit ? await this.memberGroups(member._id, payload.settings) : [] },
      context: issuer,
    });
    return { position: handled.position };
  }
}
