import { MONTH_CELL_HEADER_PX, MONTH_CELL_ROW_PX, MONTH_CELL_VISIBLE_APPOINTMENTS, monthGrid, type AppointmentDto } from '@cn/contracts';
import { daysBetween, wallOf } from './zoned-time';

export interface SheetCell {
  date: string;
  /** the day belongs to the shown month (other days are the ISO weeks' margins) */
  inMonth: boolean;
  visible: AppointmentDto[];
  /** appointments beyond the visible ones */
  more: number;
  /** every appointment of the day, in start order ('+N more' shows them) */
  all: AppointmentDto[];
}

export interface SheetWeek {
  week: number;
  cells: SheetCell[];
}

/** A cell is tall enough for its header, the visible rows and the 'more' row. */
export const SHEET_CELL_HEIGHT_PX = MONTH_CELL_HEADER_PX + (MONTH_CELL_VISIBLE_APPOINTMENTS + 1) * MONTH_CELL_ROW_PX;

/** First and last day (yyyy-MM-dd) an appointment covers on the viewer's wall clock. */
export const daysOfAppointment = (appointment: Pick<AppointmentDto, 'date'>, timeZone: string): { first: string; last: string } => {
  const { start, end, all_day } = appointment.date;
  if (all_day) {
    // all-day dates are plain days wherever the viewer is
    const first = start.slice(0, 10);
    const last = end.slice(0, 10);
    return { first, last: last < first ? first : last };
  }
  const first = wallOf(start, timeZone).date;
  // an appointment ending at midnight does not reach into the next day
  const endWall = wallOf(Date.parse(end) - 1, timeZone).date;
  return { first, last: endWall < first ? first : endWall };
};

const byStart = (a: AppointmentDto, b: AppointmentDto): number => {
  if (a.date.all_day !== b.date.all_day) return a.date.all_day ? -1 : 1;
  return Date.parse(a.date.start) - Date.parse(b.date.start) || a.name.localeCompare(b.name);
};

/**
 * The month sheet: whole ISO weeks (Monday first) covering the month, each day with up to
 * MONTH_CELL_VISIBLE_APPOINTMENTS appointments in start order and the count of the rest.
 */
export const layoutMonthSheet = (month: string, appointments: AppointmentDto[], timeZone: string): SheetWeek[] => {
  const grid = monthGrid(month);
  const byDay = new Map<string, AppointmentDto[]>();
  for (const appointment of [...appointments].sort(byStart)) {
    const { first, last } = daysOfAppointment(appointment, timeZone);
    const from = first < grid.from ? grid.from : first;
    if (from >= grid.to || last < grid.from) continue;
    for (const day of daysBetween(from, last, 42)) {
      if (day >= grid.to) break;
      const list = byDay.get(day) ?? [];
      list.push(appointment);
      byDay.set(day, list);
    }
  }
  return grid.weeks.map((week) => ({
    week: week.week,
    cells: week.days.map((date) => {
      const list = byDay.get(date) ?? [];
      return {
        date,
        inMonth: date.startsWith(grid.month),
        visible: list.slice(0, MONTH_CELL_VISIBLE_APPOINTMENTS),
        all: list,
        more: Math.max(0, list.length - MONTH_CELL_VISIBLE_APPOINTMENTS),
      };
    }),
  }));
};

/** Days of the month with their appointments, for the list view (empty days left out). */
export const listDays = (month: string, appointments: AppointmentDto[], timeZone: string): Array<{ date: string; appointments: AppointmentDto[] }> => {
  const days = new Map<string, AppointmentDto[]>();
  for (const appointment of [...appointments].sort(byStart)) {
    const { first, last } = daysOfAppointment(appointment, timeZone);
    // an appointment begun in an earlier month shows on the month's first day when it reaches into it
    const day = first < `${month}-01` && last >= `${month}-01` ? `${month}-01` : first;
    if (!day.startsWith(month)) continue;
    days.set(day, [...(days.get(day) ?? []), appointment]);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, list]) => ({ date, appointments: list }));
};
