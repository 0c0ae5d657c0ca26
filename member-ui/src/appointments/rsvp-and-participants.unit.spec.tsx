/** @jest-environment jsdom */
import './jsdom-text-encoding.cjs';
import type { AppointmentDto, ParticipantDto } from '@cn/contracts';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createI18n } from '../i18n';
import { allTranslations } from '../i18n/all-translations';
import { compareParticipants, groupParticipants, startsCollapsed } from './participant-rules';
import { ParticipantLists } from './ParticipantLists';
import { rsvpOf } from './rsvp-rules';

const participant = (id: string, status: ParticipantDto['status'], last: string, role?: ParticipantDto['roles'][number]): ParticipantDto => ({
  id,
  status,
  roles: role ? [role] : [],
  membership: {
    id,
    name: `${id} ${last}`,
    path: `/members/${id}`,
    images: { small: null, large: null },
    first_name: id,
    last_name: last,
    detection_profile_field: null,
    is_external: false,
    upn: null,
    show_add_upn_link: false,
  },
});

const NOW = new Date('2026-03-10T08:00:00Z');
const base = (overrides: Partial<AppointmentDto> = {}): AppointmentDto =>
  ({
    participants: [participant('m1', 'invited', 'Me')],
    my_invite: null,
    attendee_configuration: { total: null, total_attendees_enforced: false, user_can_opt: false, show_participants_to_admins_only: false, participation_locked: false },
    attending_participants_count: 0,
    total_attendees_enforced_and_exceeded: false,
    canceled: false,
    date: { start: '2026-03-12T09:00:00.000Z', end: '2026-03-12T10:00:00.000Z', all_day: false, time_zone: 'UTC', same_day: true },
    can: { opt: true },
    my_waitlist_position: null,
    ...overrides,
  }) as AppointmentDto;

describe('RSVP buttons and notice (§4)', () => {
  it('offers accept and reject while the invite is open', () => {
    expect(rsvpOf(base(), 'm1', NOW, false)).toEqual({ kind: 'buttons', accept: true, reject: true, status: 'invited' });
  });

  it('replaces the buttons with a notice when participation is locked', () => {
    const locked = base({ attendee_configuration: { ...base().attendee_configuration, participation_locked: true } });
    expect(rsvpOf(locked, 'm1', NOW, false)).toEqual({ kind: 'notice', key: 'participation_locked', waitlist: false });
  });

  it('offers the waiting list when the enforced limit is full', () => {
    const full = base({
      attendee_configuration: { ...base().attendee_configuration, total: 2, total_attendees_enforced: true },
      attending_participants_count: 2,
    });
    expect(rsvpOf(full, 'm1', NOW, false)).toEqual({ kind: 'notice', key: 'attendee_limit_exceeded', waitlist: true });
    expect(rsvpOf({ ...full, my_waitlist_position: 1 }, 'm1', NOW, false)).toEqual({ kind: 'notice', key: 'attendee_limit_exceeded', waitlist: false });
  });

  it('ignores a limit that is not enforced', () => {
    const unenforced = base({ attendee_configuration: { ...base().attendee_configuration, total: 1 }, attending_participants_count: 5 });
    expect(rsvpOf(unenforced, 'm1', NOW, false).kind).toBe('buttons');
  });

  it('answers an expired open invite only with retroactive answering', () => {
    const later = new Date('2026-03-20T00:00:00Z');
    expect(rsvpOf(base(), 'm1', later, false)).toEqual({ kind: 'notice', key: 'invite_expired', waitlist: false });
    expect(rsvpOf(base(), 'm1', later, true).kind).toBe('buttons');
  });

  it('shows the canceled notice on a canceled appointment', () => {
    expect(rsvpOf(base({ canceled: true }), 'm1', NOW, false)).toMatchObject({ kind: 'notice', key: 'appointment_canceled' });
  });

  it('lets an accepted member decline but not accept again', () => {
    expect(rsvpOf(base({ participants: [participant('m1', 'accepted', 'Me')] }), 'm1', NOW, false)).toEqual({ kind: 'buttons', accept: false, reject: true, status: 'accepted' });
  });

  it('finds the viewer as participant "me"', () => {
    expect(rsvpOf(base({ participants: [{ ...participant('x', 'invited', 'Me'), id: 'me' }] }), 'm1', NOW, false).kind).toBe('buttons');
  });

  it('shows nothing to someone neither invited nor allowed to opt in', () => {
    expect(rsvpOf(base({ participants: [], can: { opt: false } as AppointmentDto['can'] }), 'm1', NOW, false)).toEqual({ kind: 'none' });
  });
});

describe('participant lists (§2)', () => {
  const board = { id: 'r1', name: 'Board member', plural_name: 'Board', display_type: 'grouped' as const };
  const people = [
    participant('a', 'invited', 'Adler'),
    participant('b', 'declined', 'Berg'),
    participant('c', 'accepted', 'Zeller'),
    participant('d', 'rejected', 'Arndt'),
    participant('e', 'accepted', 'Bauer'),
    participant('f', 'open', 'Abel'),
    participant('g', 'accepted', 'Chef', board),
  ];

  it('sorts accepted, then declined or rejected, then invited, each by name', () => {
    const sorted = [...people].filter((p) => p.roles.length === 0).sort(compareParticipants);
    expect(sorted.map((p) => p.membership.last_name)).toEqual(['Bauer', 'Zeller', 'Arndt', 'Berg', 'Abel', 'Adler']);
  });

  it('groups by role with the default group guests last and counts the accepted', () => {
    const groups = groupParticipants(people);
    expect(groups.map((group) => [group.id, group.title, group.accepted, group.participants.length])).toEqual([
      ['r1', 'Board', 1, 1],
      ['guests', null, 2, 6],
    ]);
  });

  it('starts collapsed for grouped roles and under 640 px', () => {
    expect(startsCollapsed({ display_type: 'grouped' }, 1280)).toBe(true);
    expect(startsCollapsed({ display_type: 'listed' }, 639)).toBe(true);
    expect(startsCollapsed({ display_type: 'listed' }, 640)).toBe(false);
  });

  it('renders the guests list in order with the accepted count in the header', () => {
    render(
      <I18nextProvider i18n={createI18n('en', allTranslations)}>
        <MemoryRouter>
          <ParticipantLists participants={people} invitedConsumers={0} teamsOnly={0} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const guests = screen.getAllByTestId('participant-group')[1];
    expect(guests.textContent).toContain('Guests');
    expect(guests.querySelector('[data-testid="accepted-count"]')?.textContent).toBe('2 of 6 accepted');
    expect([...guests.querySelectorAll('[data-testid="participant"]')].map((item) => item.getAttribute('data-status'))).toEqual([
      'accepted',
      'accepted',
      'rejected',
      'declined',
      'open',
      'invited',
    ]);
    // the grouped role starts collapsed
    expect(screen.getAllByTestId('participant-group')[0]?.querySelectorAll('[data-testid="participant"]')).toHaveLength(0);
  });
});
