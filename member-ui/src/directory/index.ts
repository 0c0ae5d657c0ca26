export { DirectoryLayout } from './DirectoryLayout';
export { DirectoryMembersPage } from './DirectoryMembersPage';
