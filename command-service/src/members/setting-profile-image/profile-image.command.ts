import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberImageUrl, memberProfileAbilities, memberStream, type ProfileImageAnswer } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { HttpProblem, InjectPort, type FileStorage } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import type { MultipartReader } from '../../files/multipart';
import { ImageResizer } from '../../shared/image-resizer';
import { storeProfileImageWithSizes } from '../../shared/profile-image-upload';
import { memberProfileImageDecider } from './profile-image.decider';

export const SET_MEMBER_PROFILE_IMAGE = 'SetMemberProfileImage';
export const REMOVE_MEMBER_PROFILE_IMAGE = 'RemoveMemberProfileImage';

/** A member sets (multipart `file`) or removes (no body) their profile image; a network administrator anyone's. */
export class SetMemberProfileImageCommand extends Command<ProfileImageAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { member_id: string; body: MultipartReader | null },
  ) {
    super();
  }
}

/** Authorized before any byte is stored; the bytes go to the file storage, the event names them by key. */
@CommandHandler(SetMemberProfileImageCommand)
export class SetMemberProfileImageHandler implements ICommandHandler<SetMemberProfileImageCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
    private readonly resizer: ImageResizer,
  ) {}

  async execute({ issuer, payload }: SetMemberProfileImageCommand): Promise<ProfileImageAnswer> {
    const member = await this.lookup.issuer(issuer);
    const actor = { id: member._id, roles: member.roles };
    const subject = await this.lookup.member(payload.member_id);
    if (subject === null || subject.erased) throw new HttpProblem(404, 'not_found');
    if (!memberProfileAbilities(actor, { id: payload.member_id, deleted: false }).update_profile) throw new DomainError('forbidden', 'forbidden');
    const image = payload.body ? await storeProfileImageWithSizes(payload.body, this.storage, this.resizer) : null;
    const handled = await this.commands.run(image ? SET_MEMBER_PROFILE_IMAGE : REMOVE_MEMBER_PROFILE_IMAGE, {
      streamId: memberStream(payload.member_id),
      decider: memberProfileImageDecider,
      command: { type: 'SetMemberProfileImage', member_id: payload.member_id, actor, image },
      context: issuer,
    });
    return { image_url: image ? memberImageUrl(payload.member_id, handled.position, 'large') : null, position: handled.position };
  }
}
