import { Injectable } from '@nestjs/common';
import { eventOf, fileEvents, FILE_IMAGE_RESIZE_MAX_BYTES, isInlineImage } from '@cn/contracts';
import type { EventStore, RecordedEvent } from '@cn/domain';
import { createPrivateBlobStorage, ReactorService, InjectPort, type DocumentStore, type EventBus, type FileStorage, type KeyStore, type PrivateBlobStorage, type Projector } from '@cn/platform';
import type { Logger } from 'pino';
import { ImageResizer, UnreadableImageError } from '../../shared/image-resizer';
import { storeSizesOf } from '../../shared/profile-image-upload';
import { FileCommands } from '../file-commands';
import { needsSizes } from '../file.decider';

export const FILE_IMAGE_RESIZING = 'command-service.file-image-resizing';
export const RECORD_FILE_IMAGE_SIZES = 'RecordFileImageSizes';

/**
 * Gives every image version of a file (an upload, a new version) its sizes: the preview and thumbnail
 * squares and the lightbox, made by the profile images' resizer (`storeSizesOf`), so the files list, the
 * picker and a post's attachments show a few kB instead of the upload scaled by the browser. It follows the
 * log with its own checkpoint (from the start on its first run: files uploaded before it existed get sizes
 * too) and appends FileImageResized on the file's stream; the decider records a version's sizes once, so a
 * restart behind the checkpoint appends nothing. Bytes that do not decode, and images above
 * FILE_IMAGE_RESIZE_MAX_BYTES (decoding reads them whole), keep no sizes: they are served as uploaded.
 */
@Injectable()
export class FileImageResizingReactor extends ReactorService {
  protected readonly projector: Projector;
  private readonly sealed: PrivateBlobStorage;

  constructor(
    private readonly files: FileCommands,
    private readonly resizer: ImageResizer,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
    @InjectPort('keyStore') keyStore: KeyStore,
    @InjectPort('eventStore') eventStore: EventStore,
    @InjectPort('bus') bus: EventBus,
    @InjectPort('documentStore') documentStore: DocumentStore,
    @InjectPort('logger') private readonly logger: Logger,
  ) {
    super();
    this.sealed = createPrivateBlobStorage(this.storage, keyStore);
    this.projector = this.followLog({ bus, eventStore, documentStore, logger }, { name: FILE_IMAGE_RESIZING, what: 'file image resizing', from: 'start', eventTypes: ['FileUploaded', 'FileVersionAdded', 'FilePublished'] });
  }

  protected async follow(events: readonly RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const event = eventOf(fileEvents, recorded);
      // an upload or a new version; or a sealed upload published, whose bytes the publication copied plain
      const named =
        event?.type === 'FileUploaded' || event?.type === 'FileVersionAdded'
          ? { file_id: event.data.file_id, version_id: event.data.version_id }
          : event?.type === 'FilePublished' && event.data.blob_key
            ? { file_id: event.data.file_id, version_id: null }
            : null;
      if (!named) continue;
      // removed, expired or sized since: nothing to do (the decider would append nothing anyway)
      const state = await this.files.fileState(named.file_id);
      const version = named.version_id === null ? state.versions[0] : state.versions.find((candidate) => candidate.version_id === named.version_id);
      if (state.state === 'removed' || !version || !needsSizes(version)) continue;
      // a private upload's bytes are sealed for its uploader (docs/FILES.md): its sizes are read and stored sealed
      // for the same member (erasure takes them too); once published plain, plain sizes replace them
      const owner = version.sealed_for;
      const bytes = owner === null ? this.storage : { read: (key: string) => this.sealed.read(owner, key), put: (source: Iterable<Uint8Array>) => this.sealed.put(owner, source) };
      if (!isInlineImage(version.content_type) || version.bytes === 0 || version.bytes > FILE_IMAGE_RESIZE_MAX_BYTES) continue;
      let sizes: Awaited<ReturnType<typeof storeSizesOf>>;
      try {
        sizes = await storeSizesOf(version.blob_key, bytes, this.resizer);
      } catch (error) {
        if (!(error instanceof UnreadableImageError)) throw error;
        this.logger.warn({ err: error, reactor: FILE_IMAGE_RESIZING, file_id: named.file_id }, 'a file image does not decode: served as uploaded');
        continue;
      }
      // the resizer makes the lightbox of every image it resizes now
      if (!sizes.lightbox) continue;
      const cause = { memberId: recorded.metadata.memberId, correlationId: recorded.metadata.correlationId, causationId: recorded.id };
      await this.files.runFile(RECORD_FILE_IMAGE_SIZES, named.file_id, cause, { type: 'RecordImageSizes', version_id: version.version_id, sizes: { small: sizes.small, large: sizes.large, lightbox: sizes.lightbox }, sealed_for: owner });
    }
  }
}
