import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { mayRenewInvites, mayRevokeInvites, type GroupInviteStatus, type batchRenewInvitesSchema, type membershipInvitesRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem, validationProblem } from '@cn/platform';
import { GroupCommands, type Accepted } from '../group-commands';
import { abilitiesIn } from '../group.decider';

/** A member invites members to a group (/groups/{slug}/membership_invites/new). */
export class InviteMembersCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { slug: string } & z.output<typeof membershipInvitesRequestSchema>,
  ) {
    super();
  }
}

/** Revoke or renew invites of any groups at once (/batch_invites/revoke, /batch_invites/renew). */
export class BatchInvitesCommand extends Command<Accepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { action: 'revoke' | 'renew' } & Pick<z.output<typeof batchRenewInvitesSchema>, 'invite_ids'> & { body: string },
  ) {
    super();
  }
}

export const INVITE_MEMBERS = 'InviteMembersToGroup';
export const BATCH_INVITES = { revoke: 'RevokeGroupInvites', renew: 'RenewGroupInvites' } as const;

@CommandHandler(InviteMembersCommand)
export class InviteMembersHandler implements ICommandHandler<InviteMembersCommand> {
  constructor(private readonly groups: GroupCommands) {}

  async execute({ issuer, payload }: InviteMembersCommand): Promise<Accepted> {
    const { actor } = await this.groups.actor(issuer);
    const groupId = await this.groups.groupIdOf(payload.slug);
    const members = await Promise.all(payload.membership_ids.map((id) => this.groups.lookup.member(id)));
    const unknown = payload.membership_ids.flatMap((_id, i) => (members[i] && !members[i].erased ? [] : [{ field: `membership_ids.${i}`, key: 'unknown_member' }]));
    if (unknown.length > 0) throw validationProblem(unknown);
    const handled = await this.groups.run(INVITE_MEMBERS, groupId, issuer, {
      type: 'InviteMembers',
      invites: payload.membership_ids.map((memberId) => ({ invite_id: randomUUID(), member_id: memberId })),
      additional_message: payload.additional_message,
      now: this.groups.runner.clock().toISOString(),
      actor,
    });
    return { position: handled.position };
  }
}

@CommandHandler(BatchInvitesCommand)
export class BatchInvitesHandler implements ICommandHandler<BatchInvitesCommand> {
  constructor(private readonly groups: GroupCommands) {}

  async execute({ issuer, payload }: BatchInvitesCommand): Promise<Accepted> {
    const { actor } = await this.groups.actor(issuer);
    const byGroup = await this.groups.groupsOfInvites([...new Set(payload.invite_ids)]);
    // every selected invite is checked before any is changed: a refusal leaves them all as they were
    const statuses: GroupInviteStatus[] = [];
    for (const [groupId, inviteIds] of byGroup) {
      const state = await this.groups.state(groupId);
      const can = abilitiesIn(state, actor);
      for (const inviteId of inviteIds) {
        const invite = state.invites[inviteId];
        if (!invite || !can.see) throw new HttpProblem(404, 'not_found');
        if (!can.moderate && invite.author_id !== actor.member_id) throw new HttpProblem(403, 'forbidden');
        statuses.push(invite.status);
      }
    }
    if (payload.action === 'revoke' && !mayRevokeInvites(statuses)) throw new HttpProblem(422, 'not_revokable', [{ field: 'invite_ids', key: 'not_revokable' }]);
    if (payload.action === 'renew' && !mayRenewInvites(statuses)) throw new HttpProblem(422, 'not_renewable', [{ field: 'invite_ids', key: 'not_renewable' }]);
    let position = 0;
    const now = this.groups.runner.clock().toISOString();
    for (const [groupId, inviteIds] of byGroup) {
      const handled = await this.groups.run(BATCH_INVITES[payload.action], groupId, issuer,
        payload.action === 'revoke'
          ? { type: 'RevokeInvites', invite_ids: inviteIds, actor }
          : { type: 'RenewInvites', invite_ids: inviteIds, additional_message: payload.body, now, actor },
      );
      position = Math.max(position, handled.position);
    }
    return { position };
  }
}
