import { Injectable } from '@nestjs/common';
import { groupStream, memberAbilities, messageStream, type GroupStreamEvent, type MessageEvent, type MessageSender } from '@cn/contracts';
import { collectionName, type CommandContext, type HandledCommand } from '@cn/domain';
import { InjectPort, type DocumentStore } from '@cn/platform';
import { CommandRunner } from '../core/command-runner';
import { CommandLookup } from '../lookup/command-lookup';
import { lookupMembersProjection, type LookupMember } from '../lookup/lookup.projections';
import { evolveGroup, initialGroupState } from '../groups/group-state';
import { evolveMessage, initialMessageState, messageDecider, type MessageCommand, type MessageState, type RecipientGroup } from './message.decider';

/** The steps every message command shares: who asks and what they may, the facts of groups and messages, the decider. */
@Injectable()
export class MessageCommands {
  constructor(
    private readonly runner: CommandRunner,
    private readonly lookup: CommandLookup,
    @InjectPort('documentStore') private readonly store: DocumentStore,
  ) {}

  /** the asker as the message rules see them (memberAbilities decides whether they may send) */
  async sender(issuer: CommandContext): Promise<MessageSender> {
    const member = await this.lookup.issuer(issuer);
    const settings = await this.lookup.networkSettings();
    return { member_id: member._id, can_send: memberAbilities(member.roles, settings).send_direct_messages, network_admin: member.roles.network_admin };
  }

  /** whether each named member is an active member now */
  async members(memberIds: readonly string[]): Promise<Array<{ member_id: string; active: boolean }>> {
    return Promise.all(memberIds.map(async (memberId) => ({ member_id: memberId, active: (await this.lookup.activeMember(memberId)) !== null })));
  }

  /** a group's members as they are now, from its own stream */
  async group(groupId: string, senderId: string): Promise<RecipientGroup> {
    const events = await this.runner.eventStore.readStream(groupStream(groupId));
    const group = events.reduce((state, event) => evolveGroup(state, { type: event.type, data: event.data } as GroupStreamEvent), initialGroupState());
    const exists = group.exists && !group.deleted;
    return { group_id: groupId, exists, sender_is_admin: exists && group.members[senderId] === true, member_ids: exists ? Object.keys(group.members) : [] };
  }

  /** every active member of the network (the all-network option) */
  async networkMembers(): Promise<string[]> {
    await this.lookup.catchUp();
    const members = await this.store.collection<LookupMember>(collectionName(lookupMembersProjection)).find({ erased: false });
    return members.map((member) => member._id);
  }

  async message(messageId: string): Promise<MessageState> {
    const events = await this.runner.eventStore.readStream(messageStream(messageId));
    return events.reduce((state, event) => evolveMessage(state, { type: event.type, data: event.data } as MessageEvent), initialMessageState());
  }

  /** whether the member holds (and has not deleted) a copy of the message */
  async holds(messageId: string, memberId: string): Promise<MessageState | null> {
    const state = await this.message(messageId);
    const copy = state.copies[memberId];
    return state.exists && copy && !copy.deleted ? state : null;
  }

  run(name: string, messageId: string, issuer: CommandContext, command: MessageCommand): Promise<HandledCommand<MessageEvent>> {
    return this.runner.run(name, { streamId: messageStream(messageId), decider: messageDecider, command, context: issuer });
  }
}
