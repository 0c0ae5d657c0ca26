export { FolderPage } from './FolderPage';
export { FilePage } from './FilePage';
export { ApprovalPage } from './ApprovalPage';
export { FolderPicker } from './FolderPicker';
export { fileArchivesLive, filesLive } from './files-queries';
