import HistoryIcon from '@mui/icons-material/History';
import { AuditEventList } from './AuditEventList';

/** The event history (GET /administration/audit-events); settings history is the same list, pre-filtered. */
export const auditEvents = {
  list: AuditEventList,
  icon: HistoryIcon,
  recordRepresentation: 'type',
};
export { SettingsHistory, SETTINGS_HISTORY_PATH } from './SettingsHistory';
