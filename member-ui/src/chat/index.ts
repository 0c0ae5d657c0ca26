export { ChatPage } from './ChatPage';
