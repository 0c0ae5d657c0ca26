// the feature's styles come with its chunk (the page components stay importable in specs, which load no CSS)
import './activities.css';
export { ActivityStreamPage } from './ActivityStreamPage';
export { MemberActivitiesPage } from './MemberActivitiesPage';
export { ActivityPage } from './ActivityPage';
export { seedStartPage } from './start-page-seed';
