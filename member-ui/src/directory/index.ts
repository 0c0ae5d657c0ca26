export { DirectoryLayout } from './DirectoryLayout';
export { DirectoryMembersPage } from './DirectoryMembersPage';
export { ChannelsDirectoryTab } from './ChannelsDirectoryTab';
