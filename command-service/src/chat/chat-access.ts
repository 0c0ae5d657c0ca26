import { Injectable } from '@nestjs/common';
import { chatAbilities, chatKeyOf, groupStream, memberAbilities, parseChatId, type ChatCan, type ChatFacts, type ChatRef } from '@cn/contracts';
import { DomainError, loadState, type CommandContext, type EventStore } from '@cn/domain';
import { InjectPort } from '@cn/platform';
import { CommandLookup } from '../lookup/command-lookup';
import { groupDecider } from '../groups/group.decider';

export interface ChatAccessAnswer {
  member_id: string;
  ref: ChatRef;
  chat_key: string;
  can: ChatCan;
  /** who is in the chat: the pair, or the group's members */
  member_ids: string[];
}

/**
 * The facts chatAbilities decides on, loaded for one issuer and chat: the partner from the lookup, the
 * group from its own stream (members and chat setting as the group's commands last decided them).
 */
@Injectable()
export class ChatAccess {
  constructor(
    private readonly lookup: CommandLookup,
    @InjectPort('eventStore') private readonly eventStore: EventStore,
  ) {}

  async of(issuer: CommandContext, chatId: string): Promise<ChatAccessAnswer> {
    const member = await this.lookup.issuer(issuer);
    const ref = parseChatId(chatId);
    if (!ref) throw new DomainError('not_found', 'not_found', 'chat_id');
    const settings = await this.lookup.networkSettings();
    const viewer = { member_id: member._id, can_chat: memberAbilities(member.roles, settings).chat, external: member.roles.external };
    const facts = await this.facts(ref);
    const can = chatAbilities(facts, viewer, ref.id);
    // the same answer whether the chat exists or not: an outsider learns nothing about it
    if (!can.read) throw new DomainError('forbidden', 'forbidden');
    const member_ids = facts.type === 'member' ? [member._id, ref.id] : [...(facts.group?.member_ids ?? [])];
    return { member_id: member._id, ref, chat_key: chatKeyOf(member._id, ref), can, member_ids };
  }

  private async facts(ref: ChatRef): Promise<ChatFacts> {
    if (ref.type === 'member') {
      const partner = await this.lookup.member(ref.id);
      return {
        type: 'member',
        partner: partner ? { exists: true, erased: partner.erased, active: !partner.erased, external: partner.roles.external } : null,
      };
    }
    const { state } = await loadState(this.eventStore, groupStream(ref.id), groupDecider);
    return {
      type: 'group',
      group: state.exists && !state.deleted
        ? { exists: true, chat_enabled: state.details?.chat === 'enabled', archived: state.archived, member_ids: Object.keys(state.members) }
        : null,
    };
  }
}
