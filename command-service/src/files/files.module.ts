import { Module } from '@nestjs/common';
import { BatchChangeFilesHandler } from './batch-changes/batch-changes.command';
import { BatchChangesController } from './batch-changes/batch-changes.controller';
import { BlobSweep } from './blob-sweep';
import { ChangeFileHandler, PublishFilesHandler } from './changing-files/change-file.command';
import { ChangeFileController } from './changing-files/change-file.controller';
import { ChangeFileSettingsHandler, FileSettingsController } from './configuring-files/file-settings.controller';
import { FileTokenController } from './downloading-archives/file-token.controller';
import { DeleteFileArchiveController, DeleteFileArchiveHandler } from './exporting-archives/delete-file-archive.controller';
import { RequestFileArchiveController, RequestFileArchiveHandler } from './exporting-archives/request-file-archive.controller';
import { ArchiveExpiry } from './expiring-archives/archive-expiry';
import { WopiHostWritesController } from './editing-in-office/wopi-host.controller';
import { WopiLockHandler } from './editing-in-office/wopi-lock.command';
import { FileCommands } from './file-commands';
import { ManageFolderHandler } from './managing-folders/manage-folders.command';
import { ManageFoldersController } from './managing-folders/manage-folders.controller';
import { MarkFolderReadController, MarkFolderReadHandler } from './reading-folders/mark-folder-read.controller';
import { TrackFileViewController, TrackFileViewHandler } from './tracking-views/track-file-view.controller';
import { UploadExpiry } from './expiring-uploads/upload-expiry';
import { FileImageResizingReactor } from './resizing-file-images/file-image-resizing.reactor';
import { ImageResizer, SharpImageResizer } from '../shared/image-resizer';
import { UploadFileHandler } from './uploading-files/upload-file.command';
import { UploadFileController } from './uploading-files/upload-file.controller';
import { UploadEditorImageHandler } from './uploading-editor-images/upload-editor-image.command';
import { UploadEditorImageController } from './uploading-editor-images/upload-editor-image.controller';

/** Files and folders: uploads (streamed), the new-files form, versions and their approval, locks, moves, removal, the archive token, archive exports, the files settings, the sweep of orphaned bytes, the sizes of image files, the expiry of uploads left volatile and of finished archive exports, the members' views of files. */
@Module({
  controllers: [ManageFoldersController, FileSettingsController, BatchChangesController, ChangeFileController, UploadFileController, FileTokenController, RequestFileArchiveController, DeleteFileArchiveController, MarkFolderReadController, TrackFileViewController, WopiHostWritesController, UploadEditorImageController],
  providers: [FileCommands, UploadEditorImageHandler, WopiLockHandler, ManageFolderHandler, UploadFileHandler, ChangeFileHandler, PublishFilesHandler, ChangeFileSettingsHandler, BlobSweep, BatchChangeFilesHandler, MarkFolderReadHandler, RequestFileArchiveHandler, DeleteFileArchiveHandler, TrackFileViewHandler, { provide: ImageResizer, useClass: SharpImageResizer }, FileImageResizingReactor, UploadExpiry, ArchiveExpiry],
  exports: [FileCommands],
})
export class FilesModule {}
