/** @jest-environment jsdom */
import '../jsdom-text-encoding.cjs';
import type { AppointmentDto, ParticipantDto } from '@cn/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aMember, anAppointment } from '../../testing/fixtures';
import { renderSection } from '../../testing/render';
import { rsvpOf, type Rsvp } from '../rsvp-rules';
import { DescriptionAndFiles } from './DescriptionAndFiles';
import { DetailActions } from './DetailActions';
import { DetailAlerts } from './DetailAlerts';
import { DetailDownloads } from './DetailDownloads';
import { DetailFacts } from './DetailFacts';
import { DetailHeader } from './DetailHeader';
import { MeetingBlock } from './MeetingBlock';
import { ParticipantsBlock } from './ParticipantsBlock';
import { RsvpBlock } from './RsvpBlock';
import { TimeAndPlace } from './TimeAndPlace';

// the fixture's appointment is on 12 March 2026, 09:00–10:00 UTC
const BEFORE = new Date('2026-03-10T08:00:00Z');
const AFTER = new Date('2026-03-20T08:00:00Z');

/** whether the button of that name is disabled */
const isDisabled = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name }).disabled;

const can = (flags: Partial<AppointmentDto['can']>): Pick<AppointmentDto, 'can'> => ({ can: { ...anAppointment().can, ...flags } });

const participant = (id: string, status: ParticipantDto['status'], name: string, overrides: Partial<ParticipantDto['membership']> = {}): ParticipantDto => ({
  id,
  status,
  roles: [],
  membership: {
    ...aMember({ id }),
    name,
    path: `/members/${id}`,
    detection_profile_field: null,
    upn: null,
    show_add_upn_link: false,
    ...overrides,
  },
});

describe('DetailHeader', () => {
  it('shows the name and calls a single appointment an appointment', () => {
    renderSection(<DetailHeader appointment={anAppointment()} name="Board meeting" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Board meeting');
    expect(screen.getByText('Appointment')).toBeTruthy();
    expect(screen.queryByLabelText('Recurring appointment')).toBeNull();
  });

  it('marks an occurrence of a series as recurring', () => {
    renderSection(<DetailHeader appointment={anAppointment({ recurring_appointment_id: 's1' })} name="Choir practice" />);
    expect(screen.getByLabelText('Recurring appointment')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Choir practice');
    expect(screen.getByText('Appointment of a series')).toBeTruthy();
  });

  it('shows the given (translated) name in its language and the translation control', () => {
    renderSection(<DetailHeader appointment={anAppointment()} name="Vorstandssitzung" language="de" translation={<button type="button">Translate…</button>} />);
    const title = screen.getByRole('heading', { level: 1 });
    expect(title.textContent).toBe('Vorstandssitzung');
    expect(title.getAttribute('lang')).toBe('de');
    expect(screen.getByRole('button', { name: 'Translate…' })).toBeTruthy();
  });
});

describe('DetailAlerts', () => {
  it('says nothing for an upcoming appointment in the viewer’s zone', () => {
    const { container } = renderSection(<DetailAlerts appointment={anAppointment()} now={BEFORE} viewerZone="UTC" optRetroactively={false} />);
    expect(container.querySelector('.alert')).toBeNull();
  });

  it('says that a canceled appointment is canceled', () => {
    renderSection(<DetailAlerts appointment={anAppointment({ canceled: true })} now={BEFORE} viewerZone="UTC" optRetroactively={false} />);
    expect(screen.getByRole('alert').textContent).toBe('This appointment has been canceled.');
  });

  it('says that a past appointment is over, and that it can still be answered when the network allows it', () => {
    const { unmount } = renderSection(<DetailAlerts appointment={anAppointment()} now={AFTER} viewerZone="UTC" optRetroactively={false} />);
    expect(screen.getByRole('status').textContent).toBe('This appointment is in the past.');
    unmount();
    renderSection(<DetailAlerts appointment={anAppointment()} now={AFTER} viewerZone="UTC" optRetroactively />);
    expect(screen.getByRole('status').textContent).toBe('This appointment is in the past. You can still answer.');
  });

  it('shows the time in the appointment’s own zone when the viewer is elsewhere, but not for an all-day appointment', () => {
    const berlin = anAppointment({ date: { ...anAppointment().date, time_zone: 'Europe/Berlin' } });
    const { unmount } = renderSection(<DetailAlerts appointment={berlin} now={BEFORE} viewerZone="UTC" optRetroactively={false} />);
    const text = screen.getByRole('status').textContent ?? '';
    expect(text).toContain('Original time zone Europe/Berlin');
    // 09:00–10:00 UTC is 10:00–11:00 in Berlin (winter time)
    expect(text).toMatch(/10:00\sAM – 11:00\sAM/);
    unmount();
    renderSection(
      <DetailAlerts appointment={{ ...berlin, date: { ...berlin.date, all_day: true } }} now={BEFORE} viewerZone="UTC" optRetroactively={false} />,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('TimeAndPlace', () => {
  it('shows the calendars, the calendars the viewer does not know as a count, and the time in the viewer’s zone', () => {
    renderSection(
      <TimeAndPlace
        appointment={anAppointment({ calendars: [{ id: 'c1', name: 'Board', color: '3366ff' }, { id: 'c2', name: 'Choir', color: 'ff0000' }], unknown_calendars: 2 })}
        viewerZone="Europe/Berlin"
      />,
    );
    const calendars = screen.getByTestId('detail-calendars');
    expect(within(calendars).getByText('Board')).toBeTruthy();
    expect(within(calendars).getByText('Choir')).toBeTruthy();
    expect(within(calendars).getByText('and 2 more calendars')).toBeTruthy();
    expect(screen.getByTestId('detail-date').textContent).toMatch(/Mar 12, 2026, 10:00\sAM – 11:00\sAM/);
  });

  it('says nothing about repetition, neighbours or an address for a single appointment without a place', () => {
    renderSection(<TimeAndPlace appointment={anAppointment()} viewerZone="UTC" />);
    expect(screen.queryByTestId('detail-recurrence')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Location')).toBeNull();
  });

  it('describes the repetition with its end and links the neighbouring occurrences and the series', () => {
    const occurrence = anAppointment({
      recurring_appointment_id: 's1',
      recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1, recurrence_unit: null, recurrence_end_time: '2026-06-30T00:00:00.000Z' },
      previous_occurrence_url: '/appointments/s1-20260305',
      next_occurrence_url: 'https://elsewhere.example/appointments/s1-20260319',
      recurring_appointment_url: '/appointments/s1',
    });
    renderSection(<TimeAndPlace appointment={occurrence} viewerZone="UTC" />);
    expect(screen.getByTestId('detail-recurrence').textContent).toBe('Repeats weekly until 30.06.2026');
    expect(screen.getByRole('link', { name: '‹ Previous occurrence' }).getAttribute('href')).toBe('/appointments/s1-20260305');
    expect(screen.getByRole('link', { name: 'Next occurrence ›' }).getAttribute('href')).toBe('https://elsewhere.example/appointments/s1-20260319');
    expect(screen.getByRole('link', { name: 'Whole series' }).getAttribute('href')).toBe('/appointments/s1');
  });

  it('counts a custom repetition in days and offers no series link to the series itself', () => {
    const series = anAppointment({
      type: 'recurring_appointment',
      recurrence_pattern: { recurrence_frequency: 'custom', recurrence_interval: 3, recurrence_unit: 'daily', recurrence_end_time: null },
      recurring_appointment_url: '/appointments/a1',
    });
    renderSection(<TimeAndPlace appointment={series} viewerZone="UTC" />);
    expect(screen.getByTestId('detail-recurrence').textContent).toBe('Repeats every 3 days');
    expect(screen.queryByRole('link', { name: 'Whole series' })).toBeNull();
  });

  it('shows the address line by line and a map link only for a web address', () => {
    const location = { ...anAppointment().location, name: 'Town hall', address1: 'Main street 1', zip: '12345', city: 'Springfield', country: 'Germany' };
    const { unmount } = renderSection(<TimeAndPlace appointment={anAppointment({ location: { ...location, maps_url: 'https://maps.example/?q=1' } })} viewerZone="UTC" />);
    const block = screen.getByTestId('detail-location');
    expect(within(block).getByRole('heading').textContent).toBe('Location');
    expect([...block.querySelectorAll('.address-line')].map((line) => line.textContent)).toEqual(['Town hall', 'Main street 1', '12345 Springfield', 'Germany']);
    expect(within(block).getByRole('link', { name: 'Open map' }).getAttribute('href')).toBe('https://maps.example/?q=1');
    unmount();
    renderSection(<TimeAndPlace appointment={anAppointment({ location: { ...location, maps_url: 'javascript:alert(1)' } })} viewerZone="UTC" />);
    expect(screen.getByTestId('detail-location')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open map' })).toBeNull();
  });
});

describe('MeetingBlock', () => {
  const withMeeting = (overrides: Partial<AppointmentDto> = {}) =>
    anAppointment({ meeting: { ...anAppointment().meeting, join_url: 'https://meet.example/board' }, ...overrides });
  const meetingBlock = (appointment: AppointmentDto, { canCreateMeetings = true, busy = false, onStartMeeting = jest.fn() } = {}) =>
    renderSection(<MeetingBlock appointment={appointment} memberId="m1" canCreateMeetings={canCreateMeetings} busy={busy} onStartMeeting={onStartMeeting} />);

  it('shows nothing without a link, a room or a meeting to start', () => {
    meetingBlock(anAppointment());
    expect(screen.queryByText('Online meeting')).toBeNull();
  });

  it('shows the join link as a link that opens in a new tab, and the dial-in', () => {
    meetingBlock(withMeeting({ meeting: { ...anAppointment().meeting, join_url: 'https://meet.example/board', conference_call_phone_number: '+49 30 123', conference_call_access_code: '4711' } }));
    expect(screen.getByRole('heading').textContent).toBe('Online meeting');
    const link = screen.getByRole('link', { name: 'https://meet.example/board' });
    expect(link.getAttribute('href')).toBe('https://meet.example/board');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Dial-in +49 30 123, code 4711')).toBeTruthy();
  });

  it('takes the Teams link or the own meeting link when the appointment has no meeting link', () => {
    const { unmount } = meetingBlock(anAppointment({ teams_configuration: { ...anAppointment().teams_configuration, join_url: 'https://teams.example/j/1' } }));
    expect(screen.getByRole('link', { name: 'https://teams.example/j/1' })).toBeTruthy();
    unmount();
    meetingBlock(anAppointment({ location: { ...anAppointment().location, link: 'https://zoom.example/j/2' } }));
    expect(screen.getByRole('link', { name: 'https://zoom.example/j/2' })).toBeTruthy();
  });

  it('shows a link that is no web address as text, not as a link, and shortens a long one', () => {
    const long = `meet://${'x'.repeat(100)}`;
    meetingBlock(anAppointment({ location: { ...anAppointment().location, link: long } }));
    expect(screen.queryByRole('link')).toBeNull();
    const shown = screen.getByTestId('meeting-link').textContent ?? '';
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThan(long.length);
  });

  it('copies the link and says so', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    meetingBlock(withMeeting());
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://meet.example/board');
    expect((await screen.findByRole('status')).textContent).toContain('Copied');
  });

  it('says so when copying fails', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    meetingBlock(withMeeting());
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong. Please try again.');
  });

  it('names the booked room', () => {
    meetingBlock(anAppointment({ meeting: { ...anAppointment().meeting, room_id: 'r1', room_name: 'Room 101' } }));
    expect(screen.getByText('Room: Room 101')).toBeTruthy();
  });

  it('offers to start the meeting only when the appointment and the network allow it', () => {
    const onStartMeeting = jest.fn();
    const { unmount } = meetingBlock(withMeeting(can({ start_meeting: true })), { onStartMeeting });
    fireEvent.click(screen.getByRole('button', { name: 'Start meeting' }));
    expect(onStartMeeting).toHaveBeenCalledTimes(1);
    unmount();

    const second = meetingBlock(withMeeting(can({ start_meeting: true })), { canCreateMeetings: false });
    expect(screen.queryByRole('button', { name: 'Start meeting' })).toBeNull();
    second.unmount();

    meetingBlock(withMeeting(can({ start_meeting: false })));
    expect(screen.queryByRole('button', { name: 'Start meeting' })).toBeNull();
  });

  it('does not start the meeting twice while busy', () => {
    meetingBlock(withMeeting(can({ start_meeting: true })), { busy: true });
    expect(isDisabled('Start meeting')).toBe(true);
  });

  it('shows no empty block when a meeting could be started but the network does not let the member', () => {
    meetingBlock(anAppointment(can({ start_meeting: true })), { canCreateMeetings: false });
    expect(screen.queryByText('Online meeting')).toBeNull();
  });

  it('asks a Teams participant without a Microsoft account to add it', () => {
    const teams = withMeeting({
      teams_configuration: { ...anAppointment().teams_configuration, teams_event: true },
      participants: [participant('me', 'accepted', 'Mia Muster', { id: 'm1', show_add_upn_link: true })],
    });
    const { unmount } = meetingBlock(teams);
    expect(screen.getByRole('link', { name: /Add it now/ }).getAttribute('href')).toBe('/users/edit');
    unmount();
    meetingBlock({ ...teams, participants: [participant('me', 'accepted', 'Mia Muster', { id: 'm1', show_add_upn_link: false })] });
    expect(screen.queryByRole('link', { name: /Add it now/ })).toBeNull();
  });
});

describe('DescriptionAndFiles', () => {
  it('shows nothing without a description, files or an image', () => {
    const { container } = renderSection(<DescriptionAndFiles appointment={anAppointment()} description="" />);
    expect(container.querySelector('section, img')).toBeNull();
  });

  it('shows a short description whole', () => {
    renderSection(<DescriptionAndFiles appointment={anAppointment()} description="Bring the minutes." />);
    expect(screen.getByRole('heading').textContent).toBe('Description');
    expect(screen.getByText('Bring the minutes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull();
  });

  it('shortens a long description until “more” is clicked', () => {
    const long = `${'a'.repeat(500)}THE END`;
    renderSection(<DescriptionAndFiles appointment={anAppointment()} description={long} language="fr" />);
    const paragraph = screen.getByTestId('detail-description').querySelector('p');
    expect(paragraph?.textContent).toBe(`${'a'.repeat(500)}…`);
    expect(paragraph?.getAttribute('lang')).toBe('fr');
    fireEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(paragraph?.textContent).toBe(long);
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull();
  });

  it('lists the first two files, the others after “show more”, and the event image', () => {
    const event_files = ['Agenda.pdf', 'Minutes.pdf', 'Budget.xlsx', 'Photo.jpg'].map((name, index) => ({ id: `f${index}`, name, url: `/files/${name}` }));
    const { container } = renderSection(<DescriptionAndFiles appointment={anAppointment({ event_files, event_image: { large_thumb: '/images/large.jpg' } })} description="" />);
    const files = screen.getByTestId('detail-files');
    expect(within(files).getAllByRole('link').map((link) => link.textContent)).toEqual(['Agenda.pdf', 'Minutes.pdf']);
    expect(within(files).getByRole('link', { name: 'Agenda.pdf' }).getAttribute('href')).toBe('/files/Agenda.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 more files' }));
    expect(within(files).getAllByRole('link').map((link) => link.textContent)).toEqual(['Agenda.pdf', 'Minutes.pdf', 'Budget.xlsx', 'Photo.jpg']);
    expect(screen.queryByRole('button', { name: /more file/ })).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/large.jpg');
  });

  it('counts a single further file in the singular', () => {
    const event_files = ['a', 'b', 'c'].map((name) => ({ id: name, name, url: `/files/${name}` }));
    renderSection(<DescriptionAndFiles appointment={anAppointment({ event_files })} description="" />);
    expect(screen.getByRole('button', { name: 'Show 1 more file' })).toBeTruthy();
  });
});

describe('DetailFacts', () => {
  const fact = (label: string) => {
    const term = screen.getAllByRole('term').find((dt) => dt.textContent === label);
    return term?.nextElementSibling?.textContent ?? null;
  };

  it('shows costs and deadline as not set, who created it, and nothing optional', () => {
    renderSection(<DetailFacts appointment={anAppointment()} categoryLabel={null} />);
    expect(screen.getByRole('heading').textContent).toBe('Details');
    expect(fact('Costs')).toBe('Not set');
    expect(fact('Registration deadline')).toBe('Not set');
    expect(fact('Created')).toMatch(/^Otto Organizer, Mar 1, 2026/);
    for (const label of ['Category', 'Attendees', 'Consultants', 'Organizer', 'Ticket URL', 'Contacts', 'Last edited']) expect(fact(label)).toBeNull();
  });

  it('shows every fact the appointment has, in words', () => {
    const appointment = anAppointment({
      category: 'training',
      attendee_configuration: { ...anAppointment().attendee_configuration, total: 10, total_attendees_enforced: true },
      attending_participants_count: 3,
      consultants: [
        { id: 'm3', name: 'Carla Consultant', path: '/members/m3' },
        { id: 'm4', name: 'Conrad Consultant', path: '/members/m4' },
      ],
      application_configuration: { ...anAppointment().application_configuration, costs: 12.5, currency: 'EUR', registration_deadline: '2026-03-05', url: 'https://tickets.example/1' },
      organizer: 'The board',
      contacts: [
        { name: 'Mia Muster', path: '/members/m1' },
        { name: 'Otto Organizer', path: '/members/m2' },
      ],
      updated_at: '2026-03-02T10:00:00.000Z',
      last_author: { id: 'm5', name: 'Eva Editor', path: '/members/m5' },
    });
    renderSection(<DetailFacts appointment={appointment} categoryLabel="Training" />);
    expect(fact('Category')).toBe('Training');
    expect(fact('Attendees')).toBe('3 / 10');
    expect(fact('Consultants')).toBe('Carla Consultant, Conrad Consultant');
    expect(fact('Costs')).toBe('12.50 EUR');
    expect(fact('Organizer')).toBe('The board');
    expect(screen.getByRole('link', { name: 'https://tickets.example/1' }).getAttribute('href')).toBe('https://tickets.example/1');
    expect(fact('Registration deadline')).toBe('05.03.2026');
    expect(fact('Contacts')).toBe('Mia Muster, Otto Organizer');
    expect(screen.getByRole('link', { name: 'Otto Organizer' }).getAttribute('href')).toBe('/members/m2');
    expect(fact('Last edited')).toMatch(/^Eva Editor, Mar 2, 2026/);
  });

  it('shows the category id when its label is unknown, and an unenforced limit not at all', () => {
    renderSection(
      <DetailFacts
        appointment={anAppointment({ category: 'retired', attendee_configuration: { ...anAppointment().attendee_configuration, total: 10, total_attendees_enforced: false } })}
        categoryLabel={null}
      />,
    );
    expect(fact('Category')).toBe('retired');
    expect(fact('Attendees')).toBeNull();
  });

  it('shows a ticket address that is no web address as text', () => {
    renderSection(<DetailFacts appointment={anAppointment({ application_configuration: { ...anAppointment().application_configuration, url: 'At the box office' } })} categoryLabel={null} />);
    expect(fact('Ticket URL')).toBe('At the box office');
    expect(screen.queryByRole('link', { name: 'At the box office' })).toBeNull();
  });

  it('names a generic author, or says the author is unknown', () => {
    const { unmount } = renderSection(<DetailFacts appointment={anAppointment({ author: null, generic_author: 'Import' })} categoryLabel={null} />);
    expect(fact('Created')).toMatch(/^Import, /);
    unmount();
    renderSection(<DetailFacts appointment={anAppointment({ author: null, generic_author: null })} categoryLabel={null} />);
    expect(fact('Created')).toMatch(/^Unknown, /);
  });
});

describe('RsvpBlock', () => {
  const invitedMember = (status: ParticipantDto['status'], overrides: Partial<AppointmentDto> = {}) =>
    anAppointment({ ...can({ opt: true }), participants: [participant('me', status, 'Mia Muster', { id: 'm1' })], ...overrides });
  const rsvpBlock = (appointment: AppointmentDto, rsvp: Rsvp, handlers: { onAnswer?: jest.Mock; onWaitlist?: jest.Mock; busy?: boolean } = {}) =>
    renderSection(
      <RsvpBlock appointment={appointment} rsvp={rsvp} busy={handlers.busy ?? false} onAnswer={handlers.onAnswer ?? jest.fn()} onWaitlist={handlers.onWaitlist ?? jest.fn()} />,
    );

  it('offers accept and decline on an open invite, and answers with the chosen one', () => {
    const appointment = invitedMember('invited');
    const onAnswer = jest.fn();
    rsvpBlock(appointment, rsvpOf(appointment, 'm1', BEFORE, false), { onAnswer });
    expect(screen.queryByText(/You (accepted|declined)/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onAnswer.mock.calls).toEqual([['accepted'], ['declined']]);
  });

  it('shows that the member accepted and offers only to decline', () => {
    const appointment = invitedMember('accepted');
    rsvpBlock(appointment, rsvpOf(appointment, 'm1', BEFORE, false));
    expect(screen.getByText('You accepted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  it('shows that the member declined and offers to accept after all', () => {
    const appointment = invitedMember('declined');
    rsvpBlock(appointment, rsvpOf(appointment, 'm1', BEFORE, false));
    expect(screen.getByText('You declined.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('disables the answers while a command runs', () => {
    const appointment = invitedMember('invited');
    rsvpBlock(appointment, rsvpOf(appointment, 'm1', BEFORE, false), { busy: true });
    expect(isDisabled('Accept')).toBe(true);
    expect(isDisabled('Decline')).toBe(true);
  });

  it('says why the invite cannot be answered instead of offering buttons', () => {
    const canceled = invitedMember('invited', { canceled: true });
    const { unmount } = rsvpBlock(canceled, rsvpOf(canceled, 'm1', BEFORE, false));
    expect(screen.getByRole('status').textContent).toBe('The appointment has been canceled.');
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    const locked = invitedMember('invited', { attendee_configuration: { ...anAppointment().attendee_configuration, participation_locked: true } });
    const second = rsvpBlock(locked, rsvpOf(locked, 'm1', BEFORE, false));
    expect(screen.getByRole('status').textContent).toBe('Participation is locked; answers are no longer possible.');
    second.unmount();
    const expired = invitedMember('invited');
    rsvpBlock(expired, rsvpOf(expired, 'm1', AFTER, false));
    expect(screen.getByRole('status').textContent).toBe('The appointment is over; the invite can no longer be answered.');
  });

  it('offers the waiting list when all places are taken', () => {
    const full = invitedMember('invited', {
      attendee_configuration: { ...anAppointment().attendee_configuration, total: 2, total_attendees_enforced: true },
      attending_participants_count: 2,
    });
    const onWaitlist = jest.fn();
    rsvpBlock(full, rsvpOf(full, 'm1', BEFORE, false), { onWaitlist });
    expect(screen.getByText('All places are taken.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(onWaitlist).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('button', { name: 'Leave the waiting list' })).toBeNull();
  });

  it('shows the place on the waiting list and offers to leave it', () => {
    const waiting = invitedMember('invited', {
      attendee_configuration: { ...anAppointment().attendee_configuration, total: 2, total_attendees_enforced: true },
      attending_participants_count: 2,
      my_waitlist_position: 3,
    });
    const onWaitlist = jest.fn();
    rsvpBlock(waiting, rsvpOf(waiting, 'm1', BEFORE, false), { onWaitlist });
    expect(screen.getByText('You are number 3 on the waiting list.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the waiting list' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave the waiting list' }));
    expect(onWaitlist).toHaveBeenCalledWith(false);
  });

  it('lets a member who may join without an invite accept, and names who invited a member', () => {
    const open = anAppointment({
      ...can({ opt: true }),
      my_invite: {
        id: 'a1.m1',
        invitable: { id: 'a1', name: 'Board meeting' },
        invitable_type: 'Appointment',
        author: null,
        invited_by: { id: 'm2', name: 'Otto Organizer', path: '/members/m2' },
        status: 'open',
        appointment: { id: 'a1', name: 'Board meeting', date: anAppointment().date, status: 'active', participation_locked: false },
      },
    });
    rsvpBlock(open, rsvpOf(open, 'm1', BEFORE, false));
    expect(screen.getByText('Invited by Otto Organizer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('shows nothing to a member who is neither invited nor may join', () => {
    const { container } = rsvpBlock(anAppointment(), rsvpOf(anAppointment(), 'm1', BEFORE, false));
    expect(container.querySelector('.rsvp, .alert, button')).toBeNull();
  });
});

describe('DetailActions', () => {
  const actions = (appointment: AppointmentDto, handlers: { onToggleLock?: jest.Mock; onCancel?: jest.Mock; onDelete?: jest.Mock; busy?: boolean } = {}) =>
    renderSection(
      <DetailActions
        appointment={appointment}
        busy={handlers.busy ?? false}
        onToggleLock={handlers.onToggleLock ?? jest.fn()}
        onCancel={handlers.onCancel ?? jest.fn()}
        onDelete={handlers.onDelete ?? jest.fn()}
      />,
    );
  const everything = can({ update: true, update_participants: true, contact: true, lock: true, cancel: true, destroy: true });
  afterEach(() => jest.restoreAllMocks());

  it('offers nothing to a member who may do nothing', () => {
    actions(anAppointment());
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers every action, each leading to its page', () => {
    actions(anAppointment(everything));
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/appointments/a1/edit');
    expect(screen.getByRole('link', { name: 'Manage participants' }).getAttribute('href')).toBe('/appointments/a1/participants');
    expect(screen.getByRole('link', { name: 'Write to attendees' }).getAttribute('href')).toBe('/appointments/a1/contact');
    for (const name of ['Lock participation', 'Cancel appointment', 'Delete']) expect(isDisabled(name)).toBe(false);
  });

  it('hides edit and delete when the can flags say no', () => {
    actions(anAppointment(can({ update: false, destroy: false, contact: true })));
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Write to attendees' })).toBeTruthy();
  });

  it('locks an open participation and unlocks a locked one', () => {
    const onToggleLock = jest.fn();
    const { unmount } = actions(anAppointment(can({ lock: true })), { onToggleLock });
    fireEvent.click(screen.getByRole('button', { name: 'Lock participation' }));
    expect(onToggleLock).toHaveBeenLastCalledWith(true);
    unmount();
    actions(anAppointment({ ...can({ lock: true }), attendee_configuration: { ...anAppointment().attendee_configuration, participation_locked: true } }), { onToggleLock });
    const unlock = screen.getByRole('button', { name: 'Unlock participation' });
    expect(unlock.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(unlock);
    expect(onToggleLock).toHaveBeenLastCalledWith(false);
  });

  it('cancels and deletes only after the member confirms', () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const onCancel = jest.fn();
    const onDelete = jest.fn();
    actions(anAppointment(everything), { onCancel, onDelete });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm.mock.calls).toEqual([['Really cancel this appointment?'], ['Really delete this appointment?']]);
    expect(onCancel).not.toHaveBeenCalled();
    expect(onDelete).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('shows canceling to an editor who may not cancel as disabled, with the reason', () => {
    actions(anAppointment({ ...can({ update: true, cancel: false }), cancel_prohibited_reason: 'A series is canceled as a whole.' }));
    const cancel = screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel appointment' });
    expect(cancel.disabled).toBe(true);
    expect(cancel.title).toBe('A series is canceled as a whole.');
  });

  it('does not cancel a canceled appointment again, and disables the buttons while a command runs', () => {
    const { unmount } = actions(anAppointment({ ...everything, canceled: true }));
    expect(isDisabled('Cancel appointment')).toBe(true);
    expect(isDisabled('Delete')).toBe(false);
    unmount();
    actions(anAppointment(everything), { busy: true });
    for (const name of ['Lock participation', 'Cancel appointment', 'Delete']) expect(isDisabled(name)).toBe(true);
  });
});

describe('DetailDownloads', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('offers the calendar file to everyone and the attendee lists only to who may download them', () => {
    const { unmount } = renderSection(<DetailDownloads appointment={anAppointment()} />);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Calendar file (.ics)']);
    unmount();
    renderSection(<DetailDownloads appointment={anAppointment(can({ download_attendees: true }))} />);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Calendar file (.ics)', 'Attendees (CSV)', 'Attendees (Excel)']);
    expect(screen.getByRole('link', { name: 'Attendees (CSV)' }).getAttribute('href')).toMatch(/\/appointments\/a1\/attendees\.csv$/);
  });

  it('fetches the file with its type, and says so when the download fails', async () => {
    const fetchMock = jest.fn().mockResolvedValue({ ok: false, status: 500 });
    globalThis.fetch = fetchMock;
    renderSection(<DetailDownloads appointment={anAppointment()} />);
    fireEvent.click(screen.getByRole('link', { name: 'Calendar file (.ics)' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/\/appointments\/a1\.ics$/);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ headers: { Accept: 'text/calendar' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong. Please try again.');
  });
});

describe('ParticipantsBlock', () => {
  it('shows nothing to who may not see the participants', () => {
    renderSection(<ParticipantsBlock appointment={anAppointment({ participants: [participant('m3', 'accepted', 'Anna Accepted')] })} />);
    expect(screen.queryByText('Participants')).toBeNull();
    expect(screen.queryByText('Anna Accepted')).toBeNull();
  });

  it('lists the participants with their answers for who may see them', () => {
    renderSection(
      <ParticipantsBlock
        appointment={anAppointment({
          ...can({ show_attendees: true }),
          participants: [participant('m3', 'accepted', 'Anna Accepted'), participant('m4', 'declined', 'Dora Declined')],
        })}
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Participants');
    expect(screen.getByText('1 of 2 accepted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Anna Accepted' }).closest('li')?.textContent).toContain('Accepted');
    expect(screen.getByRole('link', { name: 'Dora Declined' }).closest('li')?.textContent).toContain('Declined');
  });

  it('says that nobody is invited yet', () => {
    renderSection(<ParticipantsBlock appointment={anAppointment(can({ show_attendees: true }))} />);
    expect(screen.getByText('Nobody invited yet.')).toBeTruthy();
  });
});
