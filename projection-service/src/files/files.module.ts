import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { FileDownloadsController } from './file-downloads.controller';
import { DocumentActionsController } from './document-actions.controller';
import { FilesController } from './files.controller';
import { fileFoldersProjection, fileSettingsProjection, filesProjection, folderReadsProjection } from './files.projection';
import { fileChangePublishers } from './files.realtime';
import { pendingFileVersionsProjection } from './pending-versions.projection';

/** Files and folders: folder pages, file pages, the approval list, downloads (ranges) and zip archives. */
@Module({ controllers: [FilesController, FileDownloadsController, DocumentActionsController] })
export class FilesModule {}

export const filesFeature: ProjectionFeature = {
  module: FilesModule,
  readModels: [fileFoldersProjection, filesProjection, fileSettingsProjection, folderReadsProjection, pendingFileVersionsProjection],
  publishers: (infra) => fileChangePublishers(infra.documentStore),
};
