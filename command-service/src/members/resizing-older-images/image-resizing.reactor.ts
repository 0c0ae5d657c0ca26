import { Injectable } from '@nestjs/common';
import { groupStream, memberStream, type StoredProfileImage } from '@cn/contracts';
import type { EventStore, RecordedEvent } from '@cn/domain';
import { ReactorService, InjectPort, type DocumentStore, type EventBus, type FileStorage, type Projector } from '@cn/platform';
import type { Logger } from 'pino';
import { CommandRunner } from '../../core/command-runner';
import { ImageResizer, UnreadableImageError } from '../../shared/image-resizer';
import { storeSizesOf } from '../../shared/profile-image-upload';
import { imageSizesDecider } from './image-sizes.decider';

export const IMAGE_RESIZING = 'command-service.image-resizing';
export const RECORD_IMAGE_SIZES = 'RecordImageSizes';

/**
 * Gives images set before sizes existed their sizes, so that no upload (with its metadata: EXIF, GPS) is
 * served any more: it follows the log with its own checkpoint (from the start on its first run, which is the
 * backfill), and for every MemberProfileImageChanged / GroupProfileImageChanged without sizes makes them and
 * appends MemberProfileImageResized / GroupProfileImageResized on the holder's stream. The decider records
 * sizes only for the current image and only once, so a restart (the checkpoint behind the appends) or an
 * image replaced meanwhile appends nothing. Bytes that do not decode are logged and left (nothing to serve
 * but the upload; such an image is replaced by its owner).
 */
@Injectable()
export class ImageResizingReactor extends ReactorService {
  protected readonly projector: Projector;

  constructor(
    private readonly runner: CommandRunner,
    private readonly resizer: ImageResizer,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
    @InjectPort('eventStore') eventStore: EventStore,
    @InjectPort('bus') bus: EventBus,
    @InjectPort('documentStore') documentStore: DocumentStore,
    @InjectPort('logger') private readonly logger: Logger,
  ) {
    super();
    this.projector = this.followLog({ bus, eventStore, documentStore, logger }, { name: IMAGE_RESIZING, what: 'image resizing', from: 'start', eventTypes: ['MemberProfileImageChanged', 'GroupProfileImageChanged'] });
  }

  protected async follow(events: readonly RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      if (recorded.type !== 'MemberProfileImageChanged' && recorded.type !== 'GroupProfileImageChanged') continue;
      const data = recorded.data as StoredProfileImage & { member_id?: string; group_id?: string };
      if (data.sizes) continue;
      const holder = recorded.type === 'MemberProfileImageChanged' ? { kind: 'member' as const, id: data.member_id ?? '' } : { kind: 'group' as const, id: data.group_id ?? '' };
      const streamId = holder.kind === 'member' ? memberStream(holder.id) : groupStream(holder.id);
      // an image replaced or sized since needs no work (the decider would append nothing anyway)
      const state = (await this.runner.eventStore.readStream(streamId)).reduce((current, event) => imageSizesDecider.evolve(current, { type: event.type, data: event.data } as Parameters<typeof imageSizesDecider.evolve>[1]), imageSizesDecider.initialState());
      if (state.image !== data.blob_key || state.sized) continue;
      let sizes: NonNullable<StoredProfileImage['sizes']>;
      try {
        sizes = await storeSizesOf(data.blob_key, this.storage, this.resizer);
      } catch (error) {
        if (!(error instanceof UnreadableImageError)) throw error;
        this.logger.warn({ err: error, reactor: IMAGE_RESIZING, holder }, 'an older profile image does not decode: left as uploaded');
        continue;
      }
      await this.runner.run(RECORD_IMAGE_SIZES, {
        streamId,
        decider: imageSizesDecider,
        command: { type: 'RecordImageSizes', holder, blob_key: data.blob_key, sizes },
        context: { memberId: recorded.metadata.memberId, correlationId: recorded.metadata.correlationId, causationId: recorded.id },
      });
    }
  }
}
