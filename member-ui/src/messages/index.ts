// the feature's styles come with its chunk (the page components stay importable in specs, which load no CSS)
import './messages.css';
export { MessagesListPage } from './MessagesListPage';
export { MessageDetailPage } from './MessageDetailPage';
export { MessageComposerPage } from './MessageComposerPage';
