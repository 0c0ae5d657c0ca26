import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { FileArchiveRunner } from './file-archive-runner';
import { FileArchivesController } from './file-archives.controller';
import { FileDownloadsController } from './file-downloads.controller';
import { DocumentActionsController } from './document-actions.controller';
import { EditorImagesController } from './editor-images.controller';
import { FilesController } from './files.controller';
import { WopiHostController } from './wopi-host.controller';
import { filesReadSide } from './files.read-side';

/** Files and folders: folder pages, file pages, the approval list, downloads (ranges), zip archives and archive exports (built by the FileArchiveRunner). */
@Module({ controllers: [FilesController, FileDownloadsController, FileArchivesController, DocumentActionsController, WopiHostController, EditorImagesController], providers: [FileArchiveRunner] })
export class FilesModule {}

export const filesFeature: ProjectionFeature = { module: FilesModule, ...filesReadSide };
