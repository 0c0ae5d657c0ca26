import { fileArchivesProjection } from './file-archives.projection';
import { editorImagesProjection } from './editor-images.projection';
import { fileFoldersProjection, fileSettingsProjection, filesProjection, folderReadsProjection } from './files.projection';
import { fileChangePublishers } from './files.realtime';
import { pendingFileVersionsProjection } from './pending-versions.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const filesReadSide: ProjectionReadSide = {
  readModels: [fileFoldersProjection, filesProjection, fileSettingsProjection, folderReadsProjection, pendingFileVersionsProjection, fileArchivesProjection, editorImagesProjection],
  publishers: (infra) => fileChangePublishers(infra.documentStore),
};
