import type { MemberEvent, MemberProfileEvent } from '@cn/contracts';
import { HttpProblem, parseWith } from '@cn/platform';
import { DomainError } from '@cn/domain';
import { registerMemberDecider, type RegisterMember } from './register-member.decider';
import { registerMemberRequestSchema } from './register-member.request';

const sealed = (value: string) => ({ $pii: value, subject: 'm1' });
const command = (overrides: Partial<RegisterMember> = {}): RegisterMember => ({
  type: 'RegisterMember',
  member_id: 'm1',
  email: sealed('e'),
  first_name: sealed('f'),
  last_name: sealed('l'),
  password_hash: { $secret: 'sealed', subject: 'm1' },
  roles: { network_admin: false, auditor: false, external: true },
  email_taken: false,
  ...overrides,
});
const decide = (events: Array<MemberEvent | MemberProfileEvent>, cmd: RegisterMember) =>
  registerMemberDecider.decide(cmd, events.reduce(registerMemberDecider.evolve, registerMemberDecider.initialState()));

const fieldsOf = (input: unknown) => {
  try {
    parseWith(registerMemberRequestSchema, input);
    return [];
  } catch (error) {
    if (error instanceof HttpProblem) return error.errors;
    throw error;
  }
};

describe('registering a member', () => {
  it('records the member with encrypted personal data', () => {
    const [event] = decide([], command());
    expect(event).toEqual({
      type: 'MemberRegistered',
      data: { member_id: 'm1', email: sealed('e'), first_name: sealed('f'), last_name: sealed('l'), password_hash: { $secret: 'sealed', subject: 'm1' }, roles: command().roles },
    });
  });

  it('asks the new member for their profile when the network wants profile data at joining', () => {
    expect(decide([], command()).map((event) => event.type)).toEqual(['MemberRegistered']);
    expect(decide([], command({ ask_for_profile_data: true })).map((event) => event.type)).toEqual(['MemberRegistered', 'MemberOnboardingRequested']);
  });

  it('refuses an address another member uses', () => {
    expect(() => decide([], command({ email_taken: true }))).toThrow(expect.objectContaining({ key: 'email_taken', kind: 'conflict', field: 'user.email' }) as DomainError);
  });

  it('refuses registering the same member twice', () => {
    const events = decide([], command());
    expect(() => decide(events, command())).toThrow(DomainError);
  });

  it('requires the email, and a password unless a welcome mail is sent', () => {
    expect(fieldsOf({ user: { password: 'secret' } })).toEqual([{ field: 'user.email', key: 'required' }]);
    expect(fieldsOf({ user: { email: 'a@example.org' } })).toEqual([{ field: 'user.password', key: 'required' }]);
    expect(fieldsOf({ user: { email: 'a@example.org', send_welcome_mail: true } })).toEqual([]);
    expect(fieldsOf({ user: { email: 'not an address', password: 'x' } })).toEqual([{ field: 'user.email', key: 'invalid_format' }]);
    expect(fieldsOf({ user: { email: 'a@example.org', password: 'x', admin: true } })).toEqual([{ field: 'user.admin', key: 'unknown_field' }]);
  });
});
