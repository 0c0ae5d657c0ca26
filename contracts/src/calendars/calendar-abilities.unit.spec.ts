import { appointmentAbilities, calendarAbilities, canCreateCalendar, canSeeCalendar, type CalendarFacts, type Viewer } from '../index';

const viewer = (memberId: string, overrides: Partial<Viewer> = {}): Viewer => ({
  member_id: memberId,
  network_admin: false,
  external: false,
  group_ids: [],
  admin_group_ids: [],
  ...overrides,
});
const personal: CalendarFacts = { type: 'personal', author_id: 'owner', parent_id: null, shared_with: ['friend'] };
const network: CalendarFacts = { type: 'network', author_id: 'admin', parent_id: null, shared_with: [] };
const group: CalendarFacts = { type: 'group', author_id: 'admin', parent_id: 'g1', shared_with: [] };

describe('calendar abilities', () => {
  it('personal calendars belong to their owner; shares only see them', () => {
    expect(calendarAbilities(personal, viewer('owner'))).toEqual({ update: true, destroy: true, create_appointments: true });
    expect(calendarAbilities(personal, viewer('friend'))).toEqual({ update: false, destroy: false, create_appointments: false });
    expect(canSeeCalendar(personal, viewer('friend'))).toBe(true);
    expect(canSeeCalendar(personal, viewer('stranger'))).toBe(false);
  });
  it('network calendars: admins manage, non-external members add appointments', () => {
    expect(calendarAbilities(network, viewer('a', { network_admin: true })).update).toBe(true);
    expect(calendarAbilities(network, viewer('m'))).toEqual({ update: false, destroy: false, create_appointments: true });
    expect(calendarAbilities(network, viewer('g', { external: true })).create_appointments).toBe(false);
  });
  it('group calendars: group admins manage, group members add appointments, others nothing', () => {
    expect(calendarAbilities(group, viewer('ga', { group_ids: ['g1'], admin_group_ids: ['g1'] })).destroy).toBe(true);
    expect(calendarAbilities(group, viewer('gm', { group_ids: ['g1'] }))).toEqual({ update: false, destroy: false, create_appointments: true });
    expect(calendarAbilities(group, viewer('x')).create_appointments).toBe(false);
    expect(canSeeCalendar(group, viewer('x'))).toBe(false);
  });
  it('creating: personal anyone, network admins, group the group admins', () => {
    expect(canCreateCalendar('personal', null, viewer('m'))).toBe(true);
    expect(canCreateCalendar('network', null, viewer('m'))).toBe(false);
    expect(canCreateCalendar('group', 'g1', viewer('ga', { admin_group_ids: ['g1'] }))).toBe(true);
    expect(canCreateCalendar('group', 'g1', viewer('gm', { group_ids: ['g1'] }))).toBe(false);
  });
});

describe('appointment abilities', () => {
  const facts = { author_id: 'author', calendars: [network], my_status: null, user_can_opt: false, show_participants_to_admins_only: true, canceled: false };
  it('the author, calendar managers and network admins manage; others see attendees only when allowed', () => {
    expect(appointmentAbilities(facts, viewer('author')).update).toBe(true);
    expect(appointmentAbilities(facts, viewer('a', { network_admin: true })).lock).toBe(true);
    const other = appointmentAbilities(facts, viewer('m'));
    expect(other).toMatchObject({ update: false, destroy: false, contact: false, show_attendees: false, opt: false });
    expect(appointmentAbilities({ ...facts, my_status: 'invited' }, viewer('m')).opt).toBe(true);
    expect(appointmentAbilities({ ...facts, canceled: true }, viewer('author')).cancel).toBe(false);
  });
});
