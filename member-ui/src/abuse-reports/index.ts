export { AbuseReportPage } from './AbuseReportPage';
