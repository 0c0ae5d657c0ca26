/** @jest-environment jsdom */
import './jsdom-text-encoding.cjs';
import { MONTH_CELL_HEADER_PX, MONTH_CELL_ROW_PX, type AppointmentDto } from '@cn/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { createI18n } from '../i18n';
import { allTranslations } from '../i18n/all-translations';
import { daysOfAppointment, layoutMonthSheet, listDays, SHEET_CELL_HEIGHT_PX } from './month-sheet';
import { MonthSheet } from './MonthSheet';
import { AppointmentsPage } from './AppointmentsPage';
import { viewStateOf } from './view-state';
import { fakeServer, renderPage } from '../testing/render';

jest.mock('./appointments.css', () => ({}));

const appointment = (id: string, start: string, end: string, extra: Partial<AppointmentDto> = {}): AppointmentDto =>
  ({
    id,
    name: `Appointment ${id}`,
    canceled: false,
    calendar_ids: ['c1'],
    calendars: [{ id: 'c1', name: 'Network', color: '1976d2' }],
    date: { start, end, all_day: false, time_zone: 'Europe/Berlin', same_day: true },
    ...extra,
  }) as AppointmentDto;

describe('month sheet layout (§2: whole ISO weeks, at least 4 per cell and a more count)', () => {
  it('covers whole ISO weeks from Monday to Sunday with their week numbers', () => {
    // March 2026 starts on a Sunday and ends on a Tuesday
    const weeks = layoutMonthSheet('2026-03', [], 'Europe/Berlin');
    expect(weeks[0]?.cells[0]?.date).toBe('2026-02-23');
    expect(weeks[0]?.week).toBe(9);
    expect(weeks.at(-1)?.cells[6]?.date).toBe('2026-04-05');
    expect(weeks).toHaveLength(6);
    for (const week of weeks) expect(week.cells).toHaveLength(7);
    expect(weeks[0]?.cells[0]?.inMonth).toBe(false);
    expect(weeks[0]?.cells[6]).toMatchObject({ date: '2026-03-01', inMonth: true });
  });

  it('numbers the weeks around the new year by ISO (week 53 of 2026, week 1 of 2027)', () => {
    const weeks = layoutMonthSheet('2027-01', [], 'UTC');
    expect(weeks[0]?.cells[0]?.date).toBe('2026-12-28');
    expect(weeks[0]?.week).toBe(53);
    expect(weeks[1]?.week).toBe(1);
  });

  it('shows 4 appointments in start order and counts the rest as more', () => {
    const day = [9, 8, 12, 10, 11, 7].map((hour, index) =>
      appointment(`a${index}`, `2026-03-10T${String(hour).padStart(2, '0')}:00:00.000Z`, `2026-03-10T${String(hour).padStart(2, '0')}:30:00.000Z`),
    );
    const cell = layoutMonthSheet('2026-03', day, 'UTC')
      .flatMap((week) => week.cells)
      .find((candidate) => candidate.date === '2026-03-10');
    expect(cell?.visible.map((entry) => entry.id)).toEqual(['a5', 'a1', 'a0', 'a3']);
    expect(cell?.more).toBe(2);
  });

  it('puts all-day appointments first and spreads multi-day ones over their days', () => {
    const trip = appointment('trip', '2026-03-30T00:00:00.000Z', '2026-04-01T23:59:00.000Z', {
      date: { start: '2026-03-30T00:00:00.000Z', end: '2026-04-01T23:59:00.000Z', all_day: true, time_zone: 'Europe/Berlin', same_day: false },
    });
    const morning = appointment('morning', '2026-03-31T06:00:00.000Z', '2026-03-31T07:00:00.000Z');
    const cells = layoutMonthSheet('2026-03', [morning, trip], 'Europe/Berlin').flatMap((week) => week.cells);
    const ids = (date: string) => cells.find((cell) => cell.date === date)?.visible.map((entry) => entry.id);
    expect(ids('2026-03-30')).toEqual(['trip']);
    expect(ids('2026-03-31')).toEqual(['trip', 'morning']);
    expect(ids('2026-04-01')).toEqual(['trip']);
    expect(ids('2026-04-02')).toEqual([]);
  });

  it('places an appointment on the day of the viewer’s wall clock', () => {
    const late = appointment('late', '2026-03-10T23:30:00.000Z', '2026-03-10T23:45:00.000Z');
    expect(daysOfAppointment(late, 'UTC')).toEqual({ first: '2026-03-10', last: '2026-03-10' });
    expect(daysOfAppointment(late, 'Europe/Berlin')).toEqual({ first: '2026-03-11', last: '2026-03-11' });
  });

  it('keeps a cell tall enough for its header, 4 rows and the more row', () => {
    expect(SHEET_CELL_HEIGHT_PX).toBe(MONTH_CELL_HEADER_PX + 5 * MONTH_CELL_ROW_PX);
  });

  it('lists only the month’s days in the list view', () => {
    const days = listDays(
      '2026-03',
      [appointment('x', '2026-03-02T09:00:00.000Z', '2026-03-02T10:00:00.000Z'), appointment('y', '2026-04-02T09:00:00.000Z', '2026-04-02T10:00:00.000Z')],
      'UTC',
    );
    expect(days.map((day) => day.date)).toEqual(['2026-03-02']);
    const spanning = appointment('span', '2026-02-27T09:00:00.000Z', '2026-03-03T10:00:00.000Z');
    expect(listDays('2026-03', [spanning], 'UTC').map((day) => day.date)).toEqual(['2026-03-01']);
  });
});

describe('<MonthSheet>', () => {
  it('renders 7 day columns, week numbers, chips linking to the appointment, and the more count', () => {
    const many = Array.from({ length: 6 }, (_, index) => appointment(`m${index}`, `2026-03-10T0${index}:00:00.000Z`, `2026-03-10T0${index}:30:00.000Z`));
    many[0] = { ...many[0], canceled: true };
    render(
      <I18nextProvider i18n={createI18n('en', allTranslations)}>
        <MemoryRouter>
          <MonthSheet weeks={layoutMonthSheet('2026-03', many, 'UTC')} timeZone="UTC" today="2026-03-10" canCreate createQuery="" />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const sheet = screen.getByTestId('month-sheet');
    expect(within(sheet).getAllByTestId('sheet-cell')).toHaveLength(42);
    expect(within(sheet).getAllByTestId('week-number').map((cell) => cell.textContent)).toEqual(['9', '10', '11', '12', '13', '14']);
    const cell = sheet.querySelector('[data-date="2026-03-10"]');
    expect(cell).not.toBeNull();
    const chips = within(cell as HTMLElement).getAllByTestId('appointment-chip');
    expect(chips).toHaveLength(4);
    expect(chips[0]?.getAttribute('href')).toBe('/appointments/m0');
    expect(chips[0]?.className).toContain('appointment-chip--canceled');
    expect(within(cell as HTMLElement).getByTestId('more-count').textContent).toBe('+2 more');
  });
});

describe("a day's whole list", () => {
  it("'+N more' opens every appointment of the day; Escape closes it and gives the focus back", () => {
    const many = Array.from({ length: 6 }, (_, index) => appointment(`m${index}`, `2026-03-10T0${index}:00:00.000Z`, `2026-03-10T0${index}:30:00.000Z`));
    render(
      <I18nextProvider i18n={createI18n('en', allTranslations)}>
        <MemoryRouter>
          <MonthSheet weeks={layoutMonthSheet('2026-03', many, 'UTC')} timeZone="UTC" today="2026-03-10" canCreate createQuery="" />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const more = screen.getByTestId('more-count');
    fireEvent.click(more);
    const list = screen.getByRole('dialog');
    expect(within(list).getByRole('heading').textContent).toBe('Tue, Mar 10');
    expect(within(list).getAllByTestId('appointment-chip').map((chip) => chip.getAttribute('aria-label'))).toEqual(many.map((entry) => entry.name));
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(more);
  });
});

describe('the month and the view in the URL', () => {
  it('takes them from the URL, falls back on what is stored for nonsense, and accepts only real days', () => {
    const stored = { view: 'sheet' as const, date: '2026-05-01' };
    expect(viewStateOf(new URLSearchParams('date=2026-03-01&view=list'), stored)).toEqual({ view: 'list', date: '2026-03-01' });
    expect(viewStateOf(new URLSearchParams('date=2026-02-31&view=table'), stored)).toEqual(stored);
    expect(viewStateOf(new URLSearchParams(''), stored)).toEqual(stored);
  });

  it('moves to the next month as a new history entry, so that Back returns', async () => {
    const server = fakeServer({
      'GET /appointments': (call) => ({ status: 200, body: { from: '', to: '', month: new URL(call.url, 'http://x').searchParams.get('date') ?? '', appointments: [] } }),
      'GET /calendars': { status: 200, body: { calendars: [] } },
    });
    let location = '';
    let back = (): void => undefined;
    const Where = () => {
      const at = useLocation();
      const navigate = useNavigate();
      location = `${at.pathname}${at.search}`;
      back = () => void navigate(-1);
      return null;
    };
    renderPage(
      <>
        <AppointmentsPage scope="all" />
        <Where />
      </>,
      { url: '/appointments?date=2026-03-01&view=list', path: '/appointments', api: server.api },
    );
    expect((await screen.findByTestId('shown-month')).textContent).toBe('March 2026');
    fireEvent.click(screen.getByTestId('next-month'));
    await waitFor(() => expect(location).toBe('/appointments?date=2026-04-01&view=list'));
    expect(screen.getByTestId('shown-month').textContent).toBe('April 2026');
    act(() => back());
    await waitFor(() => expect(screen.getByTestId('shown-month').textContent).toBe('March 2026'));
    expect(location).toBe('/appointments?date=2026-03-01&view=list');
  });
});
