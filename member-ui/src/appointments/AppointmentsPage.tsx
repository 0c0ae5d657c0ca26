import { APPOINTMENTS_TOPIC } from '@cn/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams, useSearchParams } from 'react-router-dom';
import { loadOf } from '../api/load';
import { useCalendars } from '../calendars/calendars-queries';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { useSignedIn } from '../session/SessionContext';
import type { AppointmentScope } from './appointments-api';
import { useAppointmentsMonth } from './appointments-queries';
import { AppointmentList } from './AppointmentList';
import { formatMonth, todayIn } from './format';
import { layoutMonthSheet, listDays } from './month-sheet';
import { MonthSheet } from './MonthSheet';
import { MOBILE_BREAKPOINT_PX, readStoredView, storeView, useMediaQuery, viewStateOf, type SheetView } from './view-state';
import { addMonths, viewerTimeZone } from './zoned-time';
import './appointments.css';
import { useLiveTopic } from '../realtime/LiveQueries';

/** /appointments, /appointments/participating and /groups/:groupSlug/calendars: month sheet or list. */
export const AppointmentsPage = ({ scope }: { scope: AppointmentScope }) => {
  useLiveTopic(APPOINTMENTS_TOPIC);
  const { t, i18n } = useTranslation();
  const { can } = useSignedIn();
  const { groupSlug } = useParams();
  const timeZone = useMemo(viewerTimeZone, []);
  const today = todayIn(timeZone);
  // the month and the view live in the URL (?date=2026-03-01&view=list), so Back, Forward and links work;
  // without them the page opens on what the member last looked at in this session
  const [params, setParams] = useSearchParams();
  const stored = useMemo(() => readStoredView(today), [today]);
  const { view, date } = viewStateOf(params, stored);
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const shownView: SheetView = narrow ? 'list' : view;
  // without its calendars the page still shows the month, only the filter and the create link go
  const calendars = useCalendars(groupSlug).data ?? [];
  const [calendarFilter, setCalendarFilter] = useState('');
  const monthQuery = useAppointmentsMonth(scope, { date, view: shownView, time_zone: timeZone, group_slug: groupSlug });
  const load = loadOf(monthQuery);
  const monthId = useId();
  const filterId = useId();
  usePageTitle(groupSlug ? 'appointments.group_title' : scope === 'participating' ? 'appointments.participating_title' : 'appointments.title');

  const change = (next: Partial<{ view: SheetView; date: string }>) => {
    const value = { view, date, ...next };
    storeView(value);
    // another month or view is a new history entry: Back returns to the previous one
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('date', value.date);
      updated.set('view', value.view);
      return updated;
    });
  };

  const shown = useMemo(() => {
    const appointments = monthQuery.data?.appointments ?? [];
    return appointments.filter((appointment) => !calendarFilter || appointment.calendar_ids.includes(calendarFilter));
  }, [monthQuery.data, calendarFilter]);

  const month = date.slice(0, 7);
  const creatableCalendar = calendars.find((calendar) => calendar.can.create_appointments && (calendarFilter ? calendar.id === calendarFilter : true));
  const createCalendarId = groupSlug || calendarFilter ? creatableCalendar?.id : undefined;
  const canCreate = can.create_appointments || calendars.some((calendar) => calendar.can.create_appointments);
  const createQuery = createCalendarId ? `&calendar_id=${encodeURIComponent(createCalendarId)}` : '';

  return (
    <section className="page page--wide appointments-page" data-testid={`appointments-${groupSlug ? 'group' : scope}`}>
      <div className="page-heading">
        <h1 className="page__title">{groupSlug ? t('appointments.group_title') : t(scope === 'participating' ? 'appointments.participating_title' : 'appointments.title')}</h1>
        {canCreate ? (
          <Link className="button" to={`/appointments/new${createCalendarId ? `?calendar_id=${encodeURIComponent(createCalendarId)}` : ''}`} data-testid="create-appointment">
            {t('appointments.create')}
          </Link>
        ) : null}
      </div>
      {groupSlug ? null : (
        <nav className="tabs" aria-label={t('appointments.scopes')}>
          <NavLink to="/appointments" end className="tab">
            {t('appointments.scope_all')}
          </NavLink>
          <NavLink to="/appointments/participating" className="tab">
            {t('appointments.scope_participating')}
          </NavLink>
          <NavLink to="/appointments/invites" className="tab">
            {t('invites.title')}
          </NavLink>
        </nav>
      )}
      <div className="calendar-toolbar" data-testid="calendar-toolbar">
        <div className="calendar-toolbar__group">
          <button type="button" className="button button--secondary" data-testid="today" onClick={() => change({ date: today })}>
            {t('appointments.today')}
          </button>
          <button type="button" className="icon-button" data-testid="previous-month" aria-label={t('appointments.previous_month')} onClick={() => change({ date: addMonths(date, -1) })}>
            ‹
          </button>
          <button type="button" className="icon-button" data-testid="next-month" aria-label={t('appointments.next_month')} onClick={() => change({ date: addMonths(date, 1) })}>
            ›
          </button>
          <label className="visually-hidden" htmlFor={monthId}>
            {t('appointments.month_picker')}
          </label>
          <input
            id={monthId}
            type="month"
            className="calendar-toolbar__month"
            data-testid="month-picker"
            value={month}
            onChange={(event) => {
              if (/^\d{4}-\d{2}$/.test(event.target.value)) change({ date: `${event.target.value}-01` });
            }}
          />
          <strong className="calendar-toolbar__title" data-testid="shown-month">
            {formatMonth(date, i18n.language)}
          </strong>
        </div>
        <div className="calendar-toolbar__group">
          <label className="visually-hidden" htmlFor={filterId}>
            {t('appointments.calendar_filter')}
          </label>
          <select id={filterId} data-testid="calendar-filter" value={calendarFilter} onChange={(event) => setCalendarFilter(event.target.value)}>
            <option value="">{t('appointments.all_calendars')}</option>
            {calendars.map((calendar) => (
              <option key={calendar.id} value={calendar.id}>
                {calendar.name}
              </option>
            ))}
          </select>
          {narrow ? null : (
            <div className="segmented" role="group" aria-label={t('appointments.view')} data-testid="view-toggle">
              {(['sheet', 'list'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={view === option}
                  data-testid={`view-${option}`}
                  onClick={() => change({ view: option })}
                >
                  {t(`appointments.views.${option}`)}
                </button>
              ))}
            </div>
          )}
          <Link to="/calendars/manage" className="button button--quiet" data-testid="manage-calendars">
            {t('calendars.manage_title')}
          </Link>
          <Link to="/calendars/subscribe" className="button button--quiet" data-testid="subscribe-calendars">
            {t('calendars.subscribe_title')}
          </Link>
        </div>
      </div>
      <LoadStatus load={load} onRetry={() => void monthQuery.refetch()} testId="appointments" />
      {load.phase === 'loaded' ? (
        shownView === 'sheet' ? (
          <MonthSheet weeks={layoutMonthSheet(month, shown, timeZone)} timeZone={timeZone} today={today} canCreate={canCreate} createQuery={createQuery} />
        ) : (
          <AppointmentList days={listDays(month, shown, timeZone)} timeZone={timeZone} />
        )
      ) : null}
    </section>
  );
};
