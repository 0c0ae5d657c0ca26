// the channels tab's styles (letter filter, list) are the channels feature's
import '../channels/channels.css';
export { DirectoryLayout } from './DirectoryLayout';
export { DirectoryMembersPage } from './DirectoryMembersPage';
export { ChannelsDirectoryTab } from './ChannelsDirectoryTab';
