import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { assetPreviewPath, EDITOR_IMAGE_NAME_MAX, editorImagesStream, extensionAccepted, sanitizeFileName, type EditorImageAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { InjectPort, type FileStorage } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { ImageResizer } from '../../shared/image-resizer';
import { storeProfileImageWithSizes } from '../../shared/profile-image-upload';
import { FileCommands } from '../file-commands';
import type { MultipartReader } from '../multipart';
import { editorImageDecider } from './editor-image.decider';

export const UPLOAD_EDITOR_IMAGE = 'UploadEditorImage';

/** A member uploads an image from the rich-text editor (multipart `file`). */
export class UploadEditorImageCommand extends Command<EditorImageAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { body: MultipartReader },
  ) {
    super();
  }
}

/**
 * Through the profile images' upload (streamed, at most 5 MiB: 413, the type sniffed from the bytes and required
 * to be PNG, JPEG, GIF or WebP, the sizes made before the event), with the network's extension filter on the
 * part's name checked before any byte is stored. The event names every key; a crash in between leaves bytes
 * no event names, which the sweep collects. Any signed-in member may upload (the images are theirs until
 * embedded; who reads them: docs/FILES.md "Editor images").
 */
@CommandHandler(UploadEditorImageCommand)
export class UploadEditorImageHandler implements ICommandHandler<UploadEditorImageCommand> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly files: FileCommands,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
    private readonly resizer: ImageResizer,
  ) {}

  async execute({ issuer, payload }: UploadEditorImageCommand): Promise<EditorImageAccepted> {
    const member = await this.files.lookup.issuer(issuer);
    const settings = await this.files.settings();
    let name = '';
    const image = await storeProfileImageWithSizes(payload.body, this.storage, this.resizer, {
      acceptName: (filename) => {
        name = sanitizeFileName(filename).slice(0, EDITOR_IMAGE_NAME_MAX);
        return extensionAccepted(settings, filename);
      },
    });
    const id = randomUUID();
    const handled = await this.runner.run(UPLOAD_EDITOR_IMAGE, {
      streamId: editorImagesStream(member._id),
      decider: editorImageDecider,
      command: { type: 'UploadEditorImage', asset_id: id, member_id: member._id, name, image },
      context: issuer,
    });
    return { id, url: assetPreviewPath(id), position: handled.position };
  }
}
