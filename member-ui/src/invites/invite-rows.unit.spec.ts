import type { AppointmentDto } from '@cn/contracts';
import { isParticipationTab, rowOfParticipation } from './invite-rows';

const appointment = (overrides: Partial<AppointmentDto>): AppointmentDto =>
  ({
    id: 'a1',
    name: 'Choir rehearsal',
    date: { start: '2030-05-02T17:00:00.000Z', end: '2030-05-02T19:00:00.000Z', all_day: false, time_zone: 'Europe/Berlin', same_day: true },
    canceled: false,
    my_invite: null,
    ...overrides,
  }) as AppointmentDto;

describe('invite rows', () => {
  it('reads the accepted and declined tabs from the participations, the other tabs from the invites', () => {
    expect(['open', 'upcoming', 'accepted', 'declined', 'expired', 'obsolete'].filter(isParticipationTab)).toEqual(['accepted', 'declined']);
  });

  it('turns a participation into a row; a rejection by the organizer reads as declined', () => {
    expect(rowOfParticipation({ appointment: appointment({}), status: 'accepted' })).toMatchObject({
      appointmentId: 'a1',
      name: 'Choir rehearsal',
      canceled: false,
      invitedBy: null,
      status: 'accepted',
      invite: null,
    });
    expect(rowOfParticipation({ appointment: appointment({ canceled: true }), status: 'rejected' })).toMatchObject({ status: 'declined', canceled: true });
  });
});
