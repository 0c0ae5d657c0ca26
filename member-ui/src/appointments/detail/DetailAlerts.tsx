import type { AppointmentDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { formatRange } from '../format';

/** Canceled, already over (answerable still when the network allows it), or placed in another time zone than the viewer's. */
export const DetailAlerts = ({
  appointment,
  now,
  viewerZone,
  optRetroactively,
}: {
  appointment: AppointmentDto;
  now: Date;
  viewerZone: string;
  optRetroactively: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const past = Date.parse(appointment.date.end) < now.getTime();
  return (
    <>
      {appointment.canceled ? (
        <div className="alert alert--error" role="alert" data-testid="alert-canceled">
          {t('appointments.detail.alert_canceled')}
        </div>
      ) : null}
      {past ? (
        <div className="alert" role="status" data-testid="alert-past">
          {t(optRetroactively ? 'appointments.detail.alert_past_retroactive' : 'appointments.detail.alert_past')}
        </div>
      ) : null}
      {!appointment.date.all_day && appointment.date.time_zone !== viewerZone ? (
        <div className="alert" role="status" data-testid="alert-time-zone">
          {t('appointments.detail.alert_time_zone', {
            zone: appointment.date.time_zone,
            range: formatRange(appointment.date, i18n.language, appointment.date.time_zone),
          })}
        </div>
      ) : null}
    </>
  );
};
