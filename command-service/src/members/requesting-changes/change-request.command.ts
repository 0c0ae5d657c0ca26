import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import {
  changeRequestStream,
  memberStream,
  type ChangeRequestEvent,
  type ChangeRequestField,
  type EncryptedEnvelope,
  type MemberViewer,
  type submitChangeRequestRequestSchema,
} from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { InjectPort, type PersonalDataCipher } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { readMemberProfile, revealProfile } from '../profile-reader';
import type { PlainProfile, UpdateMemberProfile } from '../updating-profile/update-profile.decider';
import { answerChangeRequestDecider } from './answer-change-request.decider';
import { changeRequestDecider, evolveChangeRequest, initialChangeRequestState, type ChangeRequestState } from './change-request.decider';

export const SUBMIT_CHANGE_REQUEST = 'SubmitChangeRequest';
export const ANSWER_CHANGE_REQUEST = 'AnswerChangeRequest';

/** The signed-in member asks administrators to change profile fields (`POST /change_requests`). */
export class SubmitChangeRequestCommand extends Command<{ position: number; id: string }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof submitChangeRequestRequestSchema>,
  ) {
    super();
  }
}

/** A network administrator accepts (the change is applied) or rejects a change request. */
export class AnswerChangeRequestCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { change_request_id: string; accept: boolean },
  ) {
    super();
  }
}

@CommandHandler(SubmitChangeRequestCommand)
export class SubmitChangeRequestHandler implements ICommandHandler<SubmitChangeRequestCommand> {
  constructor(
    private readonly commands: CommandRunner,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: SubmitChangeRequestCommand): Promise<{ position: number; id: string }> {
    const member = await this.lookup.issuer(issuer);
    const settings = await this.lookup.networkSettings();
    const id = randomUUID();
    const fields = (Object.keys(payload) as ChangeRequestField[]).filter((field) => payload[field] !== undefined);
    const encrypted: ChangeRequestState['values'] = {};
    if (payload.first_name !== undefined) encrypted.first_name = await this.cipher.encrypt(member._id, payload.first_name);
    if (payload.last_name !== undefined) encrypted.last_name = await this.cipher.encrypt(member._id, payload.last_name);
    if (payload.birthday !== undefined) encrypted.birthday = payload.birthday === null ? null : await this.cipher.encrypt(member._id, payload.birthday);
    const handled = await this.commands.run(SUBMIT_CHANGE_REQUEST, {
      streamId: changeRequestStream(id),
      decider: changeRequestDecider,
      command: {
        type: 'SubmitChangeRequest',
        change_request_id: id,
        actor: { id: member._id, roles: member.roles },
        fields,
        encrypted,
        change_requests: settings.member.change_requests,
        now: this.commands.clock().toISOString(),
      },
      context: issuer,
    });
    return { position: handled.position, id };
  }
}

@CommandHandler(AnswerChangeRequestCommand)
export class AnswerChangeRequestHandler implements ICommandHandler<AnswerChangeRequestCommand> {
  constructor(
    private readonly commands: CommandRunner,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    private readonly lookup: CommandLookup,
  ) {}

  private async request(id: string): Promise<ChangeRequestState> {
    const events = await this.commands.eventStore.readStream(changeRequestStream(id));
    return events.reduce((state, event) => evolveChangeRequest(state, { type: event.type, data: event.data } as ChangeRequestEvent), initialChangeRequestState());
  }

  async execute({ issuer, payload }: AnswerChangeRequestCommand): Promise<{ position: number }> {
    const admin = await this.lookup.issuer(issuer);
    const actor = { id: admin._id, roles: admin.roles };
    const request = await this.request(payload.change_request_id);
    if (request.status === 'none') throw new DomainError('not_found', 'not_found');
    // one append on the member's stream: the answer and, on acceptance, the profile change together
    const handled = await this.commands.run(ANSWER_CHANGE_REQUEST, {
      streamId: memberStream(request.member_id),
      decider: answerChangeRequestDecider,
      command: {
        type: 'AnswerChangeRequest',
        change_request_id: payload.change_request_id,
        actor,
        accept: payload.accept,
        request,
        update: payload.accept && admin.roles.network_admin ? await this.update(request, actor) : null,
      },
      context: issuer,
    });
    return { position: handled.position };
  }

  /** the requested values as the administrator's profile edit: the member's own envelopes, revealed for the comparison */
  private async update(request: ChangeRequestState, actor: MemberViewer): Promise<UpdateMemberProfile> {
    const memberId = request.member_id;
    const current = await revealProfile(this.cipher, await readMemberProfile(this.commands.eventStore, memberId));
    const revealed = await this.cipher.reveal(request.values);
    const changes: Partial<PlainProfile> = {};
    const encrypted: UpdateMemberProfile['encrypted'] = {};
    const envelope = (value: string | EncryptedEnvelope | null | undefined): EncryptedEnvelope | undefined => (typeof value === 'object' && value !== null ? value : undefined);
    for (const field of request.fields) {
      const value = revealed[field];
      if (field === 'birthday') {
        changes.birthday = typeof value === 'string' && value !== '' ? value : null;
        encrypted.birthday = envelope(request.values.birthday) ?? null;
      } else {
        changes[field] = typeof value === 'string' ? value : '';
        encrypted[field] = envelope(request.values[field]);
      }
    }
    return { type: 'UpdateMemberProfile', member_id: memberId, actor, current, changes, encrypted };
  }
}
