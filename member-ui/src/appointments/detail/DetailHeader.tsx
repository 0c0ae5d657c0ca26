import type { AppointmentDto } from '@cn/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The title (struck through when canceled, ↻ for a series or occurrence), the translation control, the subtitle. */
export const DetailHeader = ({
  appointment,
  name,
  language,
  translation,
}: {
  appointment: AppointmentDto;
  /** the shown name: the original or its translation */
  name: string;
  /** the language of a shown translation */
  language?: string;
  /** the translation selector, when the network translates */
  translation?: ReactNode;
}) => {
  const { t } = useTranslation();
  const recurring = appointment.type === 'recurring_appointment' || appointment.recurring_appointment_id !== null;
  return (
    <header className="appointment-detail__header">
      <h1 className={`page__title ${appointment.canceled ? 'appointment--canceled' : ''}`} data-testid="appointment-title" lang={language}>
        {recurring ? (
          <span className="recurring-icon" title={t('appointments.detail.recurring')} aria-label={t('appointments.detail.recurring')}>
            ↻{' '}
          </span>
        ) : null}
        {name}
      </h1>
      {translation}
      <p className="muted">{recurring ? t('appointments.detail.subtitle_recurring') : t('appointments.detail.subtitle')}</p>
    </header>
  );
};
