import type { AppointmentDto } from '@cn/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatDay, formatTime } from './format';
import { SHEET_CELL_HEIGHT_PX, type SheetCell, type SheetWeek } from './month-sheet';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const AppointmentChip = ({ appointment, timeZone }: { appointment: AppointmentDto; timeZone: string }) => {
  const { i18n } = useTranslation();
  const color = appointment.calendars[0]?.color ?? '2f6f6a';
  return (
    <Link
      to={`/appointments/${encodeURIComponent(appointment.id)}`}
      className={`appointment-chip ${appointment.canceled ? 'appointment-chip--canceled' : ''}`}
      data-testid="appointment-chip"
      data-appointment-id={appointment.id}
      style={{ borderLeftColor: `#${color}` }}
      title={appointment.name}
      aria-label={appointment.name}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      {appointment.date.all_day ? null : <span className="appointment-chip__time">{formatTime(appointment.date.start, i18n.language, timeZone)}</span>}
      <span className="appointment-chip__name">{appointment.name}</span>
    </Link>
  );
};

/**
 * '+N more' of a day: a button opening the day's whole list in a dialog (Escape or the close button
 * closes it, the focus goes back to the button).
 */
const MoreOfDay = ({ cell, timeZone }: { cell: SheetCell; timeZone: string }) => {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (open) dialog.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="sheet-cell__more"
        data-testid="more-count"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onDoubleClick={(event) => event.stopPropagation()}
      >
        {t('appointments.sheet.more', { count: cell.more })}
      </button>
      {open ? (
        <div
          ref={dialog}
          className="day-list"
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          tabIndex={-1}
          data-testid="day-list"
          onDoubleClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <div className="day-list__head">
            <h3 id={titleId}>{formatDay(cell.date, i18n.language)}</h3>
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={close}>
              ×
            </button>
          </div>
          {cell.all.map((appointment) => (
            <AppointmentChip key={appointment.id} appointment={appointment} timeZone={timeZone} />
          ))}
        </div>
      ) : null}
    </>
  );
};

/** 7 columns of whole ISO weeks with week numbers; a double-click on a day creates an appointment there. */
export const MonthSheet = ({ weeks, timeZone, today, canCreate, createQuery }: { weeks: SheetWeek[]; timeZone: string; today: string; canCreate: boolean; createQuery: string }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const weekdayNames = WEEKDAYS.map((day) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day))),
  );
  return (
    <div className="month-sheet" data-testid="month-sheet" role="grid" aria-label={t('appointments.sheet.label')}>
      <div className="month-sheet__row month-sheet__row--head" role="row">
        <div className="month-sheet__week" role="columnheader">
          {t('appointments.sheet.week_short')}
        </div>
        {weekdayNames.map((name) => (
          <div key={name} className="month-sheet__weekday" role="columnheader">
            {name}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week.cells[0]?.date} className="month-sheet__row" role="row" data-testid="sheet-week">
          <div className="month-sheet__week" role="rowheader" data-testid="week-number">
            {week.week}
          </div>
          {week.cells.map((cell) => (
            <div
              key={cell.date}
              role="gridcell"
              className={`sheet-cell ${cell.inMonth ? '' : 'sheet-cell--outside'} ${cell.date === today ? 'sheet-cell--today' : ''}`}
              style={{ minHeight: SHEET_CELL_HEIGHT_PX }}
              data-testid="sheet-cell"
              data-date={cell.date}
              title={canCreate ? t('appointments.sheet.double_click') : undefined}
              onDoubleClick={() => {
                if (canCreate) void navigate(`/appointments/new?date=${cell.date}${createQuery}`);
              }}
            >
              <div className="sheet-cell__day">{Number(cell.date.slice(8, 10))}</div>
              {cell.visible.map((appointment) => (
                <AppointmentChip key={appointment.id} appointment={appointment} timeZone={timeZone} />
              ))}
              {cell.more > 0 ? <MoreOfDay cell={cell} timeZone={timeZone} /> : null}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
};
