import HistoryIcon from '@mui/icons-material/History';
import { lazyPage } from '../layout/lazyPage';

/** The event history (GET /administration/audit-events); settings history is the same list, pre-filtered. */
export const auditEvents = {
  list: lazyPage(() => import('./AuditEventList').then((module) => module.AuditEventList)),
  icon: HistoryIcon,
  recordRepresentation: 'type',
};
export const SettingsHistory = lazyPage(() => import('./SettingsHistory').then((module) => module.SettingsHistory));
export const IntegrityPage = lazyPage(() => import('./IntegrityPage').then((module) => module.IntegrityPage));
export const EntityHistoryPage = lazyPage(() => import('./EntityHistoryPage').then((module) => module.EntityHistoryPage));
export const ProjectionsPage = lazyPage(() => import('./ProjectionsPage').then((module) => module.ProjectionsPage));
export { ENTITY_HISTORY_PATH, INTEGRITY_PATH, PROJECTIONS_PATH, SETTINGS_HISTORY_PATH } from './paths';
