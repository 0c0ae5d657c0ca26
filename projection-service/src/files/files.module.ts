import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { FileArchiveRunner } from './file-archive-runner';
import { FileArchivesController } from './file-archives.controller';
import { fileArchivesProjection } from './file-archives.projection';
import { FileDownloadsController } from './file-downloads.controller';
import { DocumentActionsController } from './document-actions.controller';
import { EditorImagesController } from './editor-images.controller';
import { editorImagesProjection } from './editor-images.projection';
import { FilesController } from './files.controller';
import { fileFoldersProjection, fileSettingsProjection, filesProjection, folderReadsProjection } from './files.projection';
import { fileChangePublishers } from './files.realtime';
import { pendingFileVersionsProjection } from './pending-versions.projection';
import { WopiHostController } from './wopi-host.controller';

/** Files and folders: folder pages, file pages, the approval list, downloads (ranges), zip archives and archive exports (built by the FileArchiveRunner). */
@Module({ controllers: [FilesController, FileDownloadsController, FileArchivesController, DocumentActionsController, WopiHostController, EditorImagesController], providers: [FileArchiveRunner] })
export class FilesModule {}

export const filesFeature: ProjectionFeature = {
  module: FilesModule,
  readModels: [fileFoldersProjection, filesProjection, fileSettingsProjection, folderReadsProjection, pendingFileVersionsProjection, fileArchivesProjection, editorImagesProjection],
  publishers: (infra) => fileChangePublishers(infra.documentStore),
};
