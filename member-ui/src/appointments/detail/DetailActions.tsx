import type { AppointmentDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * What the member may do with the appointment, by its can flags: editing first; managing participants,
 * writing to them, locking participation, canceling and deleting in one menu. Canceling and deleting ask
 * first.
 */
export const DetailActions = ({
  appointment,
  busy,
  onToggleLock,
  onCancel,
  onDelete,
}: {
  appointment: AppointmentDto;
  busy: boolean;
  onToggleLock: (locked: boolean) => void;
  onCancel: () => void;
  onDelete: () => void;
}) => {
  const { t } = useTranslation();
  const { can, id } = appointment;
  const locked = appointment.attendee_configuration.participation_locked;
  const path = `/appointments/${encodeURIComponent(id)}`;
  const secondary = can.update_participants || can.contact || can.lock || can.update || can.cancel || can.destroy;
  return (
    <div className="appointment-actions" data-testid="appointment-actions">
      {can.update ? (
        <Link className="button" to={`${path}/edit`} data-testid="edit-appointment">
          {t('appointments.actions.edit')}
        </Link>
      ) : null}
      {secondary ? (
        <details className="action-menu" data-testid="more-actions">
          <summary className="button button--secondary">{t('appointments.actions.more')}</summary>
          <div className="action-menu__items">
      {can.update_participants ? (
        <Link className="button button--secondary" to={`${path}/participants`} data-testid="manage-participants">
          {t('appointments.actions.participants')}
        </Link>
      ) : null}
      {can.contact ? (
        <Link className="button button--secondary" to={`${path}/contact`} data-testid="contact-attendees">
          {t('appointments.actions.contact')}
        </Link>
      ) : null}
      {can.lock ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          data-testid="toggle-lock"
          aria-pressed={locked}
          onClick={() => onToggleLock(!locked)}
        >
          {t(locked ? 'appointments.actions.unlock' : 'appointments.actions.lock')}
        </button>
      ) : null}
      {can.update || can.cancel ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || appointment.canceled || !can.cancel}
          title={appointment.cancel_prohibited_reason ?? undefined}
          data-testid="cancel-appointment"
          onClick={() => {
            if (window.confirm(t('appointments.actions.cancel_confirm'))) onCancel();
          }}
        >
          {t('appointments.actions.cancel')}
        </button>
      ) : null}
      {can.destroy ? (
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          data-testid="delete-appointment"
          onClick={() => {
            if (window.confirm(t('appointments.actions.delete_confirm'))) onDelete();
          }}
        >
          {t('appointments.actions.delete')}
        </button>
      ) : null}
          </div>
        </details>
      ) : null}
    </div>
  );
};
