/** @jest-environment jsdom */
import '../jsdom-text-encoding.cjs';
import type { CalendarDto } from '@cn/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aMember, anAppointment } from '../../testing/fixtures';
import { fakeServer, renderPage } from '../../testing/render';
import { AppointmentDetailPage } from '../AppointmentDetailPage';
import { AppointmentFormPage } from '../AppointmentFormPage';

jest.mock('../appointments.css', () => ({}));
jest.mock('../pickers.css', () => ({}));

const calendar: CalendarDto = {
  id: 'c1',
  name: 'Board',
  color: '3366ff',
  type: 'network',
  category_name: null,
  parent_id: null,
  author: null,
  memberships: [],
  can: { update: true, destroy: true, create_appointments: true },
};

const openForm = async () => {
  const server = fakeServer({
    'GET /calendars': { status: 200, body: { calendars: [calendar] } },
    'GET /appointments/categories': { status: 200, body: { categories: [], custom_categories: [] } },
    'GET /directory/members': { status: 200, body: { entries: [aMember({ id: 'm7', displayName: 'Ada Admin', name: 'Ada Admin' })], pagination: { page: 1, per_page: 8, total: 1, total_pages: 1 } } },
    'POST /appointments': { status: 201, body: { id: 'new-1', position: 30 }, position: 30 },
    'POST /appointments/new-1/participants': { status: 200, body: { position: 31 }, position: 31 },
    'GET /appointments/new-1': { status: 200, body: anAppointment({ id: 'new-1' }) },
  });
  renderPage(<AppointmentFormPage />, { url: '/appointments/new', path: '/appointments/new', api: server.api });
  await screen.findByTestId('appointment-form');
  return server;
};
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;

describe('the appointment form as a member fills it in', () => {
  it('clears an error as soon as its field is right, without saving again', async () => {
    const server = await openForm();
    fireEvent.click(screen.getByTestId('save-appointment'));
    expect((await screen.findByTestId('error-name')).textContent).toBe('Please enter a title.');
    fireEvent.change(field('name'), { target: { value: 'Board meeting' } });
    await waitFor(() => expect(screen.queryByTestId('error-name')).toBeNull());
    expect(server.callsTo('POST', '/appointments')).toHaveLength(0);
  });

  it('offers the time zones to search, the member\'s own first, and says so when one is unknown', async () => {
    await openForm();
    const zone = field('date.time_zone');
    const options = [...(document.getElementById(zone.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map((option) => option.value);
    expect(options[0]).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(options).toContain('Europe/Berlin');
    fireEvent.change(zone, { target: { value: 'Mars/Olympus' } });
    fireEvent.click(screen.getByTestId('save-appointment'));
    expect((await screen.findByTestId('error-date.time_zone')).textContent).toBe('This time zone is not known: choose one from the list.');
    fireEvent.change(zone, { target: { value: 'Europe/Berlin' } });
    await waitFor(() => expect(screen.queryByTestId('error-date.time_zone')).toBeNull());
  });

  it('picks the end of a series with a date picker and refuses one before the start', async () => {
    await openForm();
    fireEvent.change(field('recurrence_pattern.recurrence_frequency'), { target: { value: 'weekly' } });
    const end = field('recurrence_pattern.recurrence_end_time');
    expect(end.type).toBe('date');
    expect(end.min).toBe(field('date.start_date').value);
    fireEvent.change(end, { target: { value: '2000-01-01' } });
    fireEvent.click(screen.getByTestId('save-appointment'));
    expect((await screen.findByTestId('error-recurrence_pattern.recurrence_end_time')).textContent).toContain('The series ends before its first appointment');
  });

  it('invites the members chosen while creating, right after the appointment is created', async () => {
    const server = await openForm();
    fireEvent.change(field('name'), { target: { value: 'Board meeting' } });
    fireEvent.click(document.querySelector('input[name="calendar_ids"]') as HTMLInputElement);
    fireEvent.focus(field('invite_member_ids'));
    fireEvent.change(field('invite_member_ids'), { target: { value: 'Ada' } });
    fireEvent.mouseDown(await screen.findByText('Ada Admin'));
    expect((await screen.findByTestId('picked-member')).textContent).toContain('Ada Admin');
    fireEvent.click(screen.getByTestId('save-appointment'));
    await waitFor(() => expect(server.calls.map((c) => `${c.method} ${c.url}`).filter((c) => !c.startsWith('GET'))).toEqual(['POST /appointments', 'POST /appointments/new-1/participants']));
    expect(server.callsTo('POST', '/appointments/new-1/participants')[0]?.body).toEqual({ participant: { membership_ids: ['m7'], status: 'invited' }, apply_to: 'all' });
  });
});

describe('the detail page', () => {
  it('puts the member\'s own answer first, and the secondary actions into one menu', async () => {
    const server = fakeServer({
      'GET /appointments/a1': {
        status: 200,
        body: anAppointment({
          date: { start: '2099-03-12T09:00:00.000Z', end: '2099-03-12T10:00:00.000Z', all_day: false, time_zone: 'UTC', same_day: true },
          can: { ...anAppointment().can, opt: true, update: true, update_participants: true, contact: true, lock: true, cancel: true, destroy: true },
          participants: [
            {
              id: 'me',
              status: 'invited',
              roles: [],
              membership: { ...aMember(), images: { small: null, large: null }, detection_profile_field: null, upn: null, show_add_upn_link: false },
            },
          ],
        }),
      },
    });
    renderPage(<AppointmentDetailPage />, { url: '/appointments/a1', path: '/appointments/:id', api: server.api });
    const rsvp = await screen.findByTestId('rsvp');
    const details = document.querySelector('.appointment-detail__columns') as HTMLElement;
    // the answer precedes everything else of the appointment in the page (and so on a phone's first screen)
    expect(rsvp.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const menu = screen.getByTestId('more-actions');
    expect(menu.tagName).toBe('DETAILS');
    expect(screen.getByTestId('edit-appointment').closest('details')).toBeNull();
    for (const action of ['manage-participants', 'contact-attendees', 'toggle-lock', 'cancel-appointment', 'delete-appointment']) {
      expect(screen.getByTestId(action).closest('details')).toBe(menu);
    }
    expect(menu.querySelector('summary')?.textContent).toBe('More actions');
  });
});
