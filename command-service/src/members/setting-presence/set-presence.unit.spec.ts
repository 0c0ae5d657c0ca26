import { setPresenceRequestSchema, type MemberEvent } from '@cn/contracts';
import { deciderSpecification, refusalOf } from '@cn/platform/testing';
import { setPresenceDecider, type SetPresence } from './set-presence.decider';

const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: {
    member_id: 'm1',
    email: { $pii: 'x', subject: 'm1' },
    first_name: { $pii: 'x', subject: 'm1' },
    last_name: { $pii: 'x', subject: 'm1' },
    password_hash: { $secret: 'h', subject: 'm1' },
    roles: { network_admin: false, auditor: false, external: false },
  },
};
const sealed = { $pii: 'sealed', subject: 'm1' };

const command = (overrides: Partial<SetPresence> = {}): SetPresence => ({
  type: 'SetPresence',
  member_id: 'm1',
  presence: 'busy',
  text: 'In a meeting',
  encrypted_text: sealed,
  show_online_status: 'optional',
  ...overrides,
});

const spec = deciderSpecification(setPresenceDecider);


describe('setting presence', () => {
  it('records the presence with the encrypted text', () => {
    expect(spec.decide([registered], command())).toEqual([
      { type: 'MemberPresenceChanged', data: { member_id: 'm1', type: 'busy', text: sealed } },
    ]);
  });

  it('refuses any status when the network hides online status', () => {
    expect(refusalOf(() => spec.decide([registered], command({ show_online_status: 'disabled' })))).toMatchObject({ key: 'status_hidden', kind: 'refused' });
  });

  it("allows invisible only when online status is 'optional'", () => {
    expect(spec.decide([registered], command({ presence: 'invisible' }))).toHaveLength(1);
    expect(refusalOf(() => spec.decide([registered], command({ presence: 'invisible', show_online_status: 'enabled' })))).toMatchObject({
      key: 'invisible_not_allowed',
      kind: 'refused',
      field: 'type',
    });
  });

  it('allows online and busy when online status is enabled', () => {
    expect(spec.decide([registered], command({ presence: 'online', show_online_status: 'enabled' }))).toHaveLength(1);
  });

  it('refuses a text longer than 100 characters', () => {
    expect(spec.decide([registered], command({ text: 'x'.repeat(100) }))).toHaveLength(1);
    expect(refusalOf(() => spec.decide([registered], command({ text: 'x'.repeat(101) })))).toMatchObject({ key: 'too_long', field: 'text' });
  });

  it('refuses unknown and erased members', () => {
    expect(refusalOf(() => spec.decide([], command()))).toMatchObject({ key: 'not_found', kind: 'not_found' });
    expect(refusalOf(() => spec.decide([registered, { type: 'MemberErased', data: { member_id: 'm1' } }], command()))).toMatchObject({
      key: 'member_erased',
    });
  });

  it('turns line breaks into spaces before the length is counted', () => {
    expect(setPresenceRequestSchema.parse({ type: 'online', text: 'a\nb\r\nc\rd' })).toEqual({ type: 'online', text: 'a b c d' });
    expect(setPresenceRequestSchema.safeParse({ type: 'online', text: `${'x'.repeat(50)}\r\n${'y'.repeat(49)}` }).success).toBe(true);
    expect(setPresenceRequestSchema.safeParse({ type: 'online', text: 'x'.repeat(101) }).success).toBe(false);
  });
});
