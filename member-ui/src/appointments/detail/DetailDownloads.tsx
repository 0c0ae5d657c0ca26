import type { AppointmentDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../toasts/Toasts';
import { attendeesUrl, downloadFile, icsUrl } from '../appointments-api';

const DownloadLink = ({ url, accept, name, testId, label }: { url: string; accept: string; name: string; testId: string; label: string }) => {
  const toasts = useToasts();
  return (
    <a
      href={url}
      download
      className="button button--quiet"
      data-testid={testId}
      onClick={(event) => {
        event.preventDefault();
        downloadFile(url, accept, name).catch(() => toasts.show('error', 'errors.generic_error'));
      }}
    >
      {label}
    </a>
  );
};

/** The .ics file for everyone; the attendee lists (CSV, Excel) for who may download them. */
export const DetailDownloads = ({ appointment }: { appointment: AppointmentDto }) => {
  const { t } = useTranslation();
  const { id } = appointment;
  return (
    <div className="downloads" data-testid="downloads">
      <DownloadLink url={icsUrl(id)} accept="text/calendar" name="appointment.ics" testId="download-ics" label={t('appointments.actions.download_ics')} />
      {appointment.can.download_attendees ? (
        <>
          <DownloadLink url={attendeesUrl(id, 'csv')} accept="text/csv" name="attendees.csv" testId="download-attendees-csv" label={t('appointments.actions.download_csv')} />
          <DownloadLink
            url={attendeesUrl(id, 'xlsx')}
            accept="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            name="attendees.xlsx"
            testId="download-attendees-xlsx"
            label={t('appointments.actions.download_xlsx')}
          />
        </>
      ) : null}
    </div>
  );
};
