import { APPOINTMENTS_TOPIC } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { usePageTitle } from '../common/usePageTitle';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { useCalendarCommands, useCalendars } from './calendars-queries';
import './calendars.css';
import { useLiveTopic } from '../realtime/LiveQueries';

const TYPE_ORDER = ['personal', 'shared', 'network', 'group'] as const;

/** /calendars/manage: the member's calendars with edit, delete or remove-share by their can flags. */
export const CalendarsManagePage = () => {
  useLiveTopic(APPOINTMENTS_TOPIC);
  const { t, i18n } = useTranslation();
  const { can } = useSignedIn();
  const toasts = useToasts();
  const load = loadOf(useCalendars());
  const commands = useCalendarCommands();
  const busy = commands.destroy.isPending || commands.removeShare.isPending;
  usePageTitle('calendars.manage_title');

  const act = async (command: typeof commands.destroy, calendarId: string, success: string, confirmKey: string) => {
    if (!window.confirm(t(confirmKey))) return;
    try {
      await command.mutateAsync(calendarId);
      toasts.show('success', success);
    } catch (error) {
      toasts.show('error', refusalMessageKey(i18n, errorKeyOf(error)));
    }
  };

  const calendars = load.phase === 'loaded' ? [...load.data].sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || a.name.localeCompare(b.name)) : [];

  return (
    <section className="page" data-testid="calendars-manage">
      <div className="page-heading">
        <h1 className="page__title">{t('calendars.manage_title')}</h1>
        <div className="page-heading__actions">
          <Link className="button" to="/calendars/new?type=personal" data-testid="new-personal-calendar">
            {t('calendars.new_personal')}
          </Link>
          {can.create_calendars ? (
            <Link className="button button--secondary" to="/calendars/new?type=network" data-testid="new-network-calendar">
              {t('calendars.new_network')}
            </Link>
          ) : null}
        </div>
      </div>
      <p>
        <Link to="/calendars/subscribe">{t('calendars.subscribe_title')}</Link>
      </p>
      {load.phase === 'loading' ? <p className="muted">{t('common.loading')}</p> : null}
      {load.phase === 'failed' ? (
        <div className="alert alert--error" role="alert">
          {t(`errors.${load.errorKey}`)}
        </div>
      ) : null}
      {load.phase === 'loaded' && calendars.length === 0 ? <EmptyState title="calendars.empty_title" text="calendars.empty_text" testId="calendars-empty" /> : null}
      {calendars.length > 0 ? (
        <ul className="calendar-table" data-testid="calendar-list">
          {calendars.map((calendar) => (
            <li key={calendar.id} className="calendar-row" data-testid="calendar-row" data-calendar-id={calendar.id}>
              <span className="calendar-swatch" style={{ backgroundColor: `#${calendar.color}` }} aria-hidden="true" />
              <span className="calendar-row__name">
                <strong>{calendar.name}</strong>
                <span className="muted">
                  {t(`calendars.types.${calendar.type}`)}
                  {calendar.type === 'shared' && calendar.author ? ` · ${calendar.author.name}` : ''}
                  {calendar.category_name ? ` · ${calendar.category_name}` : ''}
                </span>
              </span>
              <span className="calendar-row__actions">
                {calendar.can.update ? (
                  <Link className="button button--quiet" to={`/calendars/${encodeURIComponent(calendar.id)}/edit`} data-testid="edit-calendar">
                    {t('calendars.edit')}
                  </Link>
                ) : null}
                {calendar.type === 'shared' ? (
                  <button
                    type="button"
                    className="button button--quiet"
                    disabled={busy}
                    data-testid="remove-share"
                    onClick={() => void act(commands.removeShare, calendar.id, 'calendars.share_removed', 'calendars.remove_share_confirm')}
                  >
                    {t('calendars.remove_share')}
                  </button>
                ) : null}
                {calendar.can.destroy && calendar.type !== 'shared' ? (
                  <button
                    type="button"
                    className="button button--quiet button--danger-text"
                    disabled={busy}
                    data-testid="delete-calendar"
                    onClick={() => void act(commands.destroy, calendar.id, 'calendars.delete_successful', 'calendars.delete_confirm')}
                  >
                    {t('calendars.delete')}
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
};
