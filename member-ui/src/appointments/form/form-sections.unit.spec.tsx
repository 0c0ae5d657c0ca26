/** @jest-environment jsdom */
import '../jsdom-text-encoding.cjs';
import type { AppointmentCategoryDto, CalendarDto, MeetingRoomDto } from '@cn/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { newAppointmentForm, type AppointmentForm as Form, type FormErrors } from '../appointment-form';
import { fakeServer, renderPage, renderSection } from '../../testing/render';
import { AppointmentForm } from './AppointmentForm';
import { DetailsSection } from './DetailsSection';
import type { FormChange, SectionProps } from './form-parts';
import { NameAndCalendars } from './NameAndCalendars';
import { OnlineMeetingSection } from './OnlineMeetingSection';
import { ParticipationSection } from './ParticipationSection';
import { RepeatSection } from './RepeatSection';
import { WhenSection } from './WhenSection';
import { WhereSection } from './WhereSection';

// the member picker's style sheet: jest reads no CSS
jest.mock('../pickers.css', () => ({}));

/** A new appointment on 10 March 2026, 09:00–10:00 UTC, named and in calendar c1. */
const aForm = (overrides: Partial<Form> = {}): Form => ({
  ...newAppointmentForm(new Date('2026-03-10T08:20:00Z'), 'UTC'),
  name: 'Board meeting',
  calendar_ids: ['c1'],
  ...overrides,
});

/**
 * Renders a section whose form lives in state, as in AppointmentForm: every change goes through the
 * section's onChange and shows at once. `form()` is the form as it is now.
 */
const renderLive = (initial: Form, section: (props: SectionProps) => ReactNode, errors: FormErrors = {}) => {
  let current = initial;
  const Live = () => {
    const [form, setForm] = useState(initial);
    useEffect(() => {
      current = form;
    }, [form]);
    return <>{section({ form, errors, onChange: (change: FormChange) => setForm(change) })}</>;
  };
  const view = renderSection(<Live />);
  return { ...view, form: () => current };
};

/** The form a recorded change makes of `form`. */
const applied = (onChange: jest.Mock, form: Form, call = 0): Form => (onChange.mock.calls[call]?.[0] as FormChange)(form);

const aCalendar = (id: string, name: string, createAppointments: boolean): CalendarDto => ({
  id,
  name,
  color: '3366ff',
  type: 'network',
  category_name: null,
  parent_id: null,
  author: null,
  memberships: [],
  can: { update: false, destroy: false, create_appointments: createAppointments },
});

const checkbox = (label: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: label });
const field = (name: string) => {
  const found = document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};
const optionTexts = (select: HTMLSelectElement | HTMLInputElement) => [...select.querySelectorAll('option')].map((option) => option.textContent);

describe('NameAndCalendars', () => {
  const calendars = [aCalendar('c1', 'Board', true), aCalendar('c2', 'Choir', true), aCalendar('c3', 'Read only', false)];

  it('takes the typed name', () => {
    const view = renderLive(aForm({ name: '' }), (props) => <NameAndCalendars {...props} calendars={calendars} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Summer party' } });
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Summer party');
    expect(view.form().name).toBe('Summer party');
  });

  it('offers the calendars the member may add to, and those the appointment is in already', () => {
    const { unmount } = renderLive(aForm({ calendar_ids: ['c1'] }), (props) => <NameAndCalendars {...props} calendars={calendars} />);
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Board', 'Choir']);
    expect(checkbox('Board').checked).toBe(true);
    expect(checkbox('Choir').checked).toBe(false);
    unmount();
    renderLive(aForm({ calendar_ids: ['c3'] }), (props) => <NameAndCalendars {...props} calendars={calendars} />);
    expect(checkbox('Read only').checked).toBe(true);
  });

  it('adds and removes calendars as they are ticked', () => {
    const view = renderLive(aForm({ calendar_ids: ['c1'] }), (props) => <NameAndCalendars {...props} calendars={calendars} />);
    fireEvent.click(checkbox('Choir'));
    expect(view.form().calendar_ids).toEqual(['c1', 'c2']);
    fireEvent.click(checkbox('Board'));
    expect(view.form().calendar_ids).toEqual(['c2']);
    expect(checkbox('Board').checked).toBe(false);
  });

  it('says when there is no calendar to add to', () => {
    renderLive(aForm({ calendar_ids: [] }), (props) => <NameAndCalendars {...props} calendars={[aCalendar('c3', 'Read only', false)]} />);
    expect(screen.getByText('You cannot create appointments in any calendar.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('shows the errors of name and calendars in words', () => {
    renderLive(aForm({ name: '', calendar_ids: [] }), (props) => <NameAndCalendars {...props} calendars={calendars} />, {
      name: 'required',
      calendar_ids: 'selection_required',
    });
    expect(screen.getByText('Please enter a title.')).toBeTruthy();
    expect(screen.getByText('Please choose at least one calendar.')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('WhenSection', () => {
  it('shows start and end with their times', () => {
    renderLive(aForm(), (props) => <WhenSection {...props} />);
    expect(screen.getByLabelText<HTMLInputElement>('Start date').value).toBe('2026-03-10');
    expect(screen.getByLabelText<HTMLInputElement>('Start time').value).toBe('09:00');
    expect(screen.getByLabelText<HTMLInputElement>('End date').value).toBe('2026-03-10');
    expect(screen.getByLabelText<HTMLInputElement>('End time').value).toBe('10:00');
  });

  it('hides the times of an all-day appointment, and shows them again when all day is unticked', () => {
    const view = renderLive(aForm(), (props) => <WhenSection {...props} />);
    fireEvent.click(checkbox('All day'));
    expect(view.form().all_day).toBe(true);
    expect(screen.queryByLabelText('Start time')).toBeNull();
    expect(screen.queryByLabelText('End time')).toBeNull();
    expect(screen.getByLabelText('Start date')).toBeTruthy();
    fireEvent.click(checkbox('All day'));
    expect(screen.getByLabelText('Start time')).toBeTruthy();
  });

  it('takes typed dates and times, and tidies a time to HH:mm when leaving the field', () => {
    const view = renderLive(aForm(), (props) => <WhenSection {...props} />);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-04-02' } });
    const start = screen.getByLabelText<HTMLInputElement>('Start time');
    fireEvent.change(start, { target: { value: '9:5' } });
    expect(view.form().start_time).toBe('9:5');
    fireEvent.blur(start);
    expect(start.value).toBe('09:05');
    const end = screen.getByLabelText<HTMLInputElement>('End time');
    fireEvent.change(end, { target: { value: '17' } });
    fireEvent.blur(end);
    expect(view.form()).toMatchObject({ start_date: '2026-04-01', start_time: '09:05', end_date: '2026-04-02', end_time: '17:00' });
  });

  it('calls onChange with the zone searched and chosen, and keeps a zone it does not list', () => {
    const onChange = jest.fn();
    const form = aForm({ time_zone: 'Mars/Olympus_Mons' });
    renderSection(<WhenSection form={form} errors={{}} onChange={onChange} />);
    const zone = field('date.time_zone') as HTMLInputElement;
    expect(zone.value).toBe('Mars/Olympus_Mons');
    const offered = [...(document.getElementById(zone.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map((option) => option.value);
    expect(offered).toContain('Europe/Berlin');
    expect(offered).toContain('Mars/Olympus_Mons');
    fireEvent.change(zone, { target: { value: 'Europe/Berlin' } });
    expect(applied(onChange, form).time_zone).toBe('Europe/Berlin');
  });

  it('shows a date error in words and marks the fields', () => {
    renderLive(aForm({ end_time: '08:00' }), (props) => <WhenSection {...props} />, { date: 'end_lt_start' });
    expect(screen.getByText('The end is before the start.')).toBeTruthy();
    expect(screen.getByLabelText('End time').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('RepeatSection', () => {
  const frequency = () => screen.getByRole<HTMLSelectElement>('combobox', { name: /^Repeat/ });

  it('offers the frequencies in words and no end date while it does not repeat', () => {
    renderLive(aForm(), (props) => <RepeatSection {...props} />);
    expect(optionTexts(frequency())).toEqual(['Does not repeat', 'Daily', 'Weekly', 'Monthly', 'Yearly', 'Custom']);
    expect(screen.queryByText('Ends on')).toBeNull();
    expect(screen.queryByText('Every n days')).toBeNull();
  });

  it('shows the end-date picker once a frequency is chosen, from the start up to the last day the series may run', () => {
    const view = renderLive(aForm(), (props) => <RepeatSection {...props} />);
    fireEvent.change(frequency(), { target: { value: 'weekly' } });
    expect(view.form().recurrence_pattern.recurrence_frequency).toBe('weekly');
    const end = field('recurrence_pattern.recurrence_end_time') as HTMLInputElement;
    expect(end.closest('label')?.textContent).toMatch(/^Ends on/);
    expect([end.type, end.value, end.min]).toEqual(['date', '', '2026-03-10']);
    expect(end.max >= '2028-03-01').toBe(true);
    fireEvent.change(end, { target: { value: '2026-03-24' } });
    expect(view.form().recurrence_pattern.recurrence_end_time).toBe('2026-03-24');
    fireEvent.change(end, { target: { value: '' } });
    expect(view.form().recurrence_pattern.recurrence_end_time).toBeNull();
  });

  it('hides the end again and forgets it when the series is turned off', () => {
    const view = renderLive(aForm({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1, recurrence_end_time: '2026-03-24' } }), (props) => (
      <RepeatSection {...props} />
    ));
    expect((field('recurrence_pattern.recurrence_end_time') as HTMLInputElement).value).toBe('2026-03-24');
    fireEvent.change(frequency(), { target: { value: 'never' } });
    expect(screen.queryByText('Ends on')).toBeNull();
    expect(view.form().recurrence_pattern).toMatchObject({ recurrence_frequency: 'never', recurrence_end_time: null });
  });

  it('keeps a stored end that is not a day the series falls on', () => {
    renderLive(aForm({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1, recurrence_end_time: '2026-03-20' } }), (props) => <RepeatSection {...props} />);
    expect((field('recurrence_pattern.recurrence_end_time') as HTMLInputElement).value).toBe('2026-03-20');
  });

  it('asks for the interval of a custom repetition, and takes an emptied one as missing', () => {
    const view = renderLive(aForm(), (props) => <RepeatSection {...props} />);
    fireEvent.change(frequency(), { target: { value: 'custom' } });
    const interval = field('recurrence_pattern.recurrence_interval');
    expect(interval.closest('label')?.textContent).toBe('Every n days');
    expect(interval.value).toBe('1');
    fireEvent.change(interval, { target: { value: '3' } });
    expect(view.form().recurrence_pattern.recurrence_interval).toBe(3);
    fireEvent.change(interval, { target: { value: '' } });
    expect(view.form().recurrence_pattern.recurrence_interval).toBeNaN();
    expect(interval.value).toBe('');
  });

  it('shows an interval error in words', () => {
    renderLive(aForm({ recurrence_pattern: { recurrence_frequency: 'custom', recurrence_interval: 0, recurrence_end_time: null } }), (props) => <RepeatSection {...props} />, {
      'recurrence_pattern.recurrence_interval': 'too_small',
    });
    expect(screen.getByText('The value is too small.')).toBeTruthy();
  });

  it('shows the server’s refusal of the series end in words', () => {
    renderLive(aForm({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1, recurrence_end_time: '2026-03-01' } }), (props) => <RepeatSection {...props} />, {
      'recurrence_pattern.recurrence_end_time': 'recurrence_ends_before_start',
    });
    expect(screen.getByText('The series ends before its first appointment: choose an end on or after the start.')).toBeTruthy();
    expect(field('recurrence_pattern.recurrence_end_time').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server’s refusal of the whole repetition in words', () => {
    renderLive(aForm({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1, recurrence_end_time: null } }), (props) => <RepeatSection {...props} />, {
      recurrence_pattern: 'edited_occurrence_lost',
    });
    expect(screen.getByText(/would drop an occurrence that was edited on its own/)).toBeTruthy();
  });
});

describe('OnlineMeetingSection', () => {
  const renderMeeting = (form: Form) => renderLive(form, ({ form: current, onChange }) => <OnlineMeetingSection form={current} onChange={onChange} />);

  it('lets a single appointment sync with Teams, which implies an online meeting and allows bypassing the lobby', () => {
    const view = renderMeeting(aForm());
    expect(checkbox('Bypass the lobby').disabled).toBe(true);
    fireEvent.click(checkbox('Sync with Microsoft Teams'));
    expect(view.form().teams_configuration).toEqual({ teams_sync_enabled: true, online_meeting: true, bypass_lobby: false });
    expect(checkbox('Online meeting').checked).toBe(true);
    expect(checkbox('Online meeting').disabled).toBe(true);
    expect(checkbox('Bypass the lobby').disabled).toBe(false);
    fireEvent.click(checkbox('Bypass the lobby'));
    expect(view.form().teams_configuration.bypass_lobby).toBe(true);
    fireEvent.click(checkbox('Sync with Microsoft Teams'));
    expect(view.form().teams_configuration).toEqual({ teams_sync_enabled: false, online_meeting: true, bypass_lobby: false });
    expect(checkbox('Bypass the lobby').disabled).toBe(true);
  });

  it('does not let a series sync with Teams', () => {
    renderMeeting(aForm({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1, recurrence_end_time: null } }));
    expect(checkbox('Sync with Microsoft Teams').disabled).toBe(true);
    expect(checkbox('Online meeting').disabled).toBe(false);
  });

  it('switches an online meeting of its own on and off', () => {
    const view = renderMeeting(aForm());
    fireEvent.click(checkbox('Online meeting'));
    expect(view.form().teams_configuration).toEqual({ teams_sync_enabled: false, online_meeting: true, bypass_lobby: false });
    fireEvent.click(checkbox('Online meeting'));
    expect(view.form().teams_configuration.online_meeting).toBe(false);
  });

  it('takes a meeting link and its provider', () => {
    const view = renderMeeting(aForm());
    fireEvent.change(screen.getByLabelText('Meeting link'), { target: { value: 'https://zoom.example/j/1' } });
    const provider = field('location.meeting_link_type') as HTMLSelectElement;
    expect(optionTexts(provider)).toEqual(['–', 'Microsoft Teams', 'Google Meet', 'Zoom']);
    fireEvent.change(provider, { target: { value: 'zoom' } });
    expect(view.form().location).toMatchObject({ link: 'https://zoom.example/j/1', meeting_link_type: 'zoom' });
    expect(provider.value).toBe('zoom');
  });
});

describe('WhereSection', () => {
  const rooms: MeetingRoomDto[] = [
    { id: 'r1', name: 'Room 101', capacity: 12, occupied: false },
    { id: 'r2', name: 'Hall', capacity: null, occupied: true },
  ];

  it('asks for the rooms free at the chosen time, and books the one picked', async () => {
    const loadRooms = jest.fn().mockResolvedValue(rooms);
    const view = renderLive(aForm(), (props) => <WhereSection {...props} loadRooms={loadRooms} />);
    const room = field('meeting.room_id') as HTMLSelectElement;
    await waitFor(() => expect(optionTexts(room)).toEqual(['No room', 'Room 101 (12 seats)', 'Hall (occupied)']));
    expect(loadRooms).toHaveBeenCalledWith({ start: '2026-03-10T09:00:00.000Z', end: '2026-03-10T10:00:00.000Z' });
    expect(within(room).getByText('Hall (occupied)').closest('option')?.disabled).toBe(true);
    fireEvent.change(room, { target: { value: 'r1' } });
    expect(view.form().meeting).toMatchObject({ room_id: 'r1', room_name: 'Room 101' });
    fireEvent.change(room, { target: { value: '' } });
    expect(view.form().meeting).toMatchObject({ room_id: null, room_name: '' });
  });

  it('asks for an end before offering rooms', () => {
    const loadRooms = jest.fn().mockResolvedValue(rooms);
    renderLive(aForm({ end_time: '' }), (props) => <WhereSection {...props} loadRooms={loadRooms} />);
    expect(screen.getByText('Set an end to choose a meeting room.')).toBeTruthy();
    expect(loadRooms).not.toHaveBeenCalled();
  });

  it('shows the room error from the server in words', async () => {
    renderLive(aForm(), (props) => <WhereSection {...props} loadRooms={jest.fn().mockResolvedValue(rooms)} />, { 'meeting.room_id': 'room_occupied' });
    expect(await screen.findByText('This meeting room is already booked at this time.')).toBeTruthy();
    expect(await screen.findByText('Room 101 (12 seats)')).toBeTruthy();
  });

  it('takes the address field by field and shows an address error in words', async () => {
    const view = renderLive(aForm(), (props) => <WhereSection {...props} loadRooms={jest.fn().mockResolvedValue([])} />, { 'location.zip': 'too_long' });
    const values = { Place: 'Town hall', Address: 'Main street 1', 'Address line 2': 'Back door', Zip: '12345', City: 'Springfield', Country: 'Germany' };
    for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(new RegExp(`^${label}(The text is too long\\.)?$`)), { target: { value } });
    expect(view.form().location).toMatchObject({ name: 'Town hall', address1: 'Main street 1', address2: 'Back door', zip: '12345', city: 'Springfield', country: 'Germany' });
    expect(screen.getByText('The text is too long.')).toBeTruthy();
    expect(field('location.zip').getAttribute('aria-invalid')).toBe('true');
    // the room picker settles (no free room)
    expect(await screen.findByText('No meeting room is free at this time.')).toBeTruthy();
  });
});

describe('ParticipationSection', () => {
  it('takes the attendee limit and its rules', () => {
    const view = renderLive(aForm(), (props) => <ParticipationSection {...props} />);
    fireEvent.change(screen.getByLabelText('Attendee limit'), { target: { value: '20' } });
    fireEvent.click(checkbox('Enforce the limit'));
    fireEvent.click(checkbox('Members may join without an invite'));
    fireEvent.click(checkbox('Show participants to managers only'));
    expect(view.form().attendee_configuration).toEqual({
      total: '20',
      total_attendees_enforced: true,
      user_can_opt: true,
      show_participants_to_admins_only: true,
      participation_locked: false,
    });
    fireEvent.click(checkbox('Enforce the limit'));
    expect(view.form().attendee_configuration.total_attendees_enforced).toBe(false);
  });

  it('takes the registration, its costs in capital currency letters, the deadline and the ticket link', () => {
    const view = renderLive(aForm(), (props) => <ParticipationSection {...props} />);
    fireEvent.click(checkbox('Registration required'));
    fireEvent.click(checkbox('With costs'));
    fireEvent.change(screen.getByLabelText('Costs'), { target: { value: '12.50' } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'usd' } });
    fireEvent.change(screen.getByLabelText('Registration deadline'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('Ticket URL'), { target: { value: 'https://tickets.example/1' } });
    expect(view.form().application_configuration).toEqual({
      registration_required: true,
      registration_with_costs: true,
      costs: '12.50',
      currency: 'USD',
      registration_deadline: '2026-03-05',
      url: 'https://tickets.example/1',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Currency').value).toBe('USD');
  });

  it('shows the errors of limit and costs in words', () => {
    renderLive(aForm(), (props) => <ParticipationSection {...props} />, { 'attendee_configuration.total': 'too_small', 'application_configuration.costs': 'invalid_type' });
    expect(screen.getByText('The value is too small.')).toBeTruthy();
    expect(screen.getByText('Invalid value.')).toBeTruthy();
    expect(field('attendee_configuration.total').getAttribute('aria-invalid')).toBe('true');
    expect(field('application_configuration.costs').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('DetailsSection', () => {
  const categories: AppointmentCategoryDto[] = [
    { id: 'meeting', label: 'meeting', custom: false },
    { id: 'cat-7', label: 'Choir rehearsal', custom: true },
  ];
  /** the section needs a session: its contact picker searches the directory */
  const renderDetails = (initial: Form, errors: FormErrors = {}) => {
    let current = initial;
    const Live = () => {
      const [form, setForm] = useState(initial);
      useEffect(() => {
        current = form;
      }, [form]);
      return <DetailsSection form={form} errors={errors} onChange={(change) => setForm(change)} categories={categories} />;
    };
    renderPage(<Live />, { url: '/appointments/new', api: fakeServer({}).api });
    return { form: () => current };
  };

  it('offers the categories in words and takes the chosen one', async () => {
    const view = renderDetails(aForm());
    const category = await screen.findByRole<HTMLSelectElement>('combobox', { name: /^Category/ });
    expect(optionTexts(category)).toEqual(['No category', 'Meeting', 'Choir rehearsal']);
    fireEvent.change(category, { target: { value: 'cat-7' } });
    expect(view.form().category).toBe('cat-7');
    expect(category.value).toBe('cat-7');
  });

  it('keeps a retired category choosable while it is set, and shows a category error in words', async () => {
    renderDetails(aForm({ category: 'retired' }), { category: 'unknown_category' });
    const category = await screen.findByRole<HTMLSelectElement>('combobox', { name: /^Category/ });
    expect(category.value).toBe('retired');
    expect(optionTexts(category)).toEqual(['No category', 'retired', 'Meeting', 'Choir rehearsal']);
    expect(screen.getByText('Choose one of the categories.')).toBeTruthy();
  });

  it('takes the organizer, the event flag and the description', async () => {
    const view = renderDetails(aForm());
    fireEvent.change(await screen.findByLabelText('Organizer'), { target: { value: 'The board' } });
    fireEvent.click(checkbox('Event'));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Bring the minutes.' } });
    expect(view.form()).toMatchObject({ organizer: 'The board', is_event: true, description: 'Bring the minutes.' });
  });

  it('shows the chosen contacts and removes one', async () => {
    const view = renderDetails(aForm({ contacts: [{ id: 'm2', name: 'Otto Organizer' }, { id: 'm3', name: 'Carla Contact' }] }));
    const picked = await screen.findByRole('list', { name: /Contacts/ });
    expect(within(picked).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Otto Organizer×', 'Carla Contact×']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Otto Organizer' }));
    expect(view.form().contacts).toEqual([{ id: 'm3', name: 'Carla Contact' }]);
    expect(screen.queryByText('Otto Organizer')).toBeNull();
  });
});

describe('AppointmentForm', () => {
  const calendars = [aCalendar('c1', 'Board', true)];
  const formRoutes = {
    'GET /appointments/categories': { status: 200, body: { categories: [] } },
    'GET /meeting_rooms': { status: 200, body: { meeting_rooms: [] } },
  };
  const toast = async () => (await screen.findByTestId('toast')).textContent;

  it('refuses an incomplete form: says what is missing under the field and in a toast, and sends nothing', async () => {
    const server = fakeServer(formRoutes);
    renderPage(<AppointmentForm initial={aForm({ name: '' })} calendars={calendars} target={{ id: null, applyTo: null }} />, { url: '/appointments/new', api: server.api });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await toast()).toContain('Please enter a title.');
    expect(screen.getByTestId('error-name').textContent).toBe('Please enter a title.');
    expect(server.callsTo('POST', '/appointments')).toHaveLength(0);
  });

  it('creates the appointment and shows it', async () => {
    const server = fakeServer({
      ...formRoutes,
      'POST /appointments': { status: 202, body: { id: 'a9', position: 5 }, position: 5 },
    });
    renderPage(<AppointmentForm initial={aForm()} calendars={calendars} target={{ id: null, applyTo: null }} />, {
      url: '/appointments/new',
      api: server.api,
      others: { '/appointments/:id': <p>The appointment</p> },
    });
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Summer party' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The appointment')).toBeTruthy();
    expect(await toast()).toContain('Appointment saved');
    expect(server.callsTo('POST', '/appointments')[0]?.body).toMatchObject({ appointment: { name: 'Summer party', calendar_ids: ['c1'] } });
  });

  it('saves the whole series of an occurrence and says so above the form', async () => {
    const server = fakeServer({
      ...formRoutes,
      'PUT /appointments/s1': { status: 202, body: { position: 6 }, position: 6 },
    });
    renderPage(<AppointmentForm initial={aForm()} calendars={calendars} target={{ id: 's1', applyTo: 'all' }} />, {
      url: '/appointments/s1/edit',
      api: server.api,
      others: { '/appointments/:id': <p>The series</p> },
    });
    expect(await screen.findByText('You are editing the whole series.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/appointments/s1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The series')).toBeTruthy();
    expect(server.callsTo('PUT', '/appointments/s1')).toHaveLength(1);
  });

  it('shows the server’s field errors where they belong', async () => {
    const server = fakeServer({
      ...formRoutes,
      'POST /appointments': {
        status: 422,
        body: {
          statusCode: 422,
          error: 'edited_occurrence_lost',
          errors: [{ field: 'appointment.recurrence_pattern', key: 'edited_occurrence_lost' }],
        },
      },
    });
    // an end the console accepts; the server refuses what only it can know
    const initial = aForm({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1, recurrence_end_time: '2026-04-28' } });
    renderPage(<AppointmentForm initial={initial} calendars={calendars} target={{ id: null, applyTo: null }} />, { url: '/appointments/new', api: server.api });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('error-recurrence_pattern')).textContent).toBe('This change would drop an occurrence that was edited on its own: keep it in the series or undo its changes first.');
    expect(await toast()).toContain('Something went wrong. Please try again.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
  });
});
