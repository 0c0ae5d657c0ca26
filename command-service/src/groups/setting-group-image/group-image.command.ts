import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { groupImageUrl, type ProfileImageAnswer } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { InjectPort, type FileStorage } from '@cn/platform';
import type { MultipartReader } from '../../files/multipart';
import { ImageResizer } from '../../shared/image-resizer';
import { storeProfileImageWithSizes } from '../../shared/profile-image-upload';
import { GroupCommands } from '../group-commands';
import { abilitiesIn } from '../group.decider';

export const SET_GROUP_PROFILE_IMAGE = 'SetGroupProfileImage';
export const REMOVE_GROUP_PROFILE_IMAGE = 'RemoveGroupProfileImage';

/** A group admin (or a network administrator) sets (multipart `file`) or removes (no body) the group's profile image. */
export class SetGroupProfileImageCommand extends Command<ProfileImageAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { slug: string; body: MultipartReader | null },
  ) {
    super();
  }
}

/** The group's `can.update` is checked before any byte is stored (404 for a group the member does not see), and again by the decider. */
@CommandHandler(SetGroupProfileImageCommand)
export class SetGroupProfileImageHandler implements ICommandHandler<SetGroupProfileImageCommand> {
  constructor(
    private readonly groups: GroupCommands,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
    private readonly resizer: ImageResizer,
  ) {}

  async execute({ issuer, payload }: SetGroupProfileImageCommand): Promise<ProfileImageAnswer> {
    const { actor } = await this.groups.actor(issuer);
    const groupId = await this.groups.groupIdOf(payload.slug);
    const state = await this.groups.state(groupId);
    if (!state.exists) throw new DomainError('not_found', 'not_found');
    const can = abilitiesIn(state, actor);
    if (!can.see) throw new DomainError('not_found', 'not_found');
    if (!can.update) throw new DomainError('forbidden', 'forbidden');
    const image = payload.body ? await storeProfileImageWithSizes(payload.body, this.storage, this.resizer) : null;
    const handled = await this.groups.run(image ? SET_GROUP_PROFILE_IMAGE : REMOVE_GROUP_PROFILE_IMAGE, groupId, issuer, { type: 'SetGroupProfileImage', image, actor });
    return { image_url: image ? groupImageUrl(groupId, handled.position, 'large') : null, position: handled.position };
  }
}
