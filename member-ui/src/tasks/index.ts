export { TasksPage } from './TasksPage';
