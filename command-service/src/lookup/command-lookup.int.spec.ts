import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_NETWORK_ID, DEFAULT_NETWORK_SETTINGS, memberStream, networkStream } from '@cn/contracts';
import { createInfrastructure, loadConfig, type Infrastructure } from '@cn/platform';
import { holdingBus, newTestEvent, pause } from '@cn/platform/testing';
import { seedDemo } from '../seed/seed-demo';
import { CommandLookup, LOOKUP_GROUP } from './command-lookup';

describe('the command lookup judges on every change of its types, and waits for no other', () => {
  let dataDir: string;
  let infra: Infrastructure;
  let held: ReturnType<typeof holdingBus>;
  let lookup: CommandLookup;
  let memberId: string;

  /** other writers' events, which the lookup does not apply: they only move the log's head */
  const unrelated = async (count: number): Promise<void> => {
    await infra.eventStore.append('unrelated', Array.from({ length: count }, (_, n) => newTestEvent('UnrelatedHappened', { n })), { expectedRevision: 'any' });
  };

  /** asks while the lookup is held behind the change, then lets it go: the answer must hold the change */
  const askedWhileBehind = async <T>(ask: () => Promise<T>): Promise<T> => {
    const answer = ask();
    // a lookup that judged at once has answered by now, from what it had
    await pause(150);
    held.release();
    return answer;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cn-command-lookup-'));
    infra = await createInfrastructure(loadConfig({ DATA_DIR: dataDir, PASSWORD_SCRYPT_N: '1024', DEMO_SEED: 'true' }), { service: 'command-lookup-test' });
    memberId = (await seedDemo(infra)).memberIds['member@example.org'];
    held = holdingBus(infra.bus, LOOKUP_GROUP);
    lookup = new CommandLookup({ ...infra, bus: held.bus });
    await lookup.start();
  });
  afterAll(async () => {
    held.release();
    await lookup.stop();
    await infra.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    expect(await lookup.catchUp()).toBe(true);
  });

  it('sees a role change appended before the question, with the head moved on by unrelated events', async () => {
    expect((await lookup.activeMember(memberId))?.roles.auditor).toBe(false);
    held.hold();
    await infra.eventStore.append(memberStream(memberId), [newTestEvent('MemberRolesChanged', { member_id: memberId, roles: { network_admin: false, auditor: true, external: false } })], {
      expectedRevision: 'any',
    });
    await unrelated(20);
    const member = await askedWhileBehind(() => lookup.activeMember(memberId));
    expect(member?.roles).toEqual({ network_admin: false, auditor: true, external: false });
  });

  it('sees a lock appended before the question: the member is no longer active', async () => {
    held.hold();
    await infra.eventStore.append(memberStream(memberId), [newTestEvent('MemberLocked', { member_id: memberId })], { expectedRevision: 'any' });
    await unrelated(20);
    expect(await askedWhileBehind(() => lookup.activeMember(memberId))).toBeNull();
    held.hold();
    await infra.eventStore.append(memberStream(memberId), [newTestEvent('MemberUnlocked', { member_id: memberId })], { expectedRevision: 'any' });
    await unrelated(5);
    expect((await askedWhileBehind(() => lookup.activeMember(memberId)))?.id).toBe(memberId);
  });

  it('sees a network settings change appended before the question', async () => {
    expect((await lookup.networkSettings()).member.two_factor).not.toBe('enforced');
    held.hold();
    await infra.eventStore.append(
      networkStream(DEFAULT_NETWORK_ID),
      [newTestEvent('NetworkMemberSettingsChanged', { network_id: DEFAULT_NETWORK_ID, member: { ...DEFAULT_NETWORK_SETTINGS.member, two_factor: 'enforced' }, changed_fields: ['two_factor'] })],
      { expectedRevision: 'any' },
    );
    await unrelated(20);
    expect((await askedWhileBehind(() => lookup.networkSettings())).member.two_factor).toBe('enforced');
  });

  it('does not wait for events of types it does not apply', async () => {
    held.hold();
    await unrelated(20);
    // held behind the head: a lookup waiting for the log's head would give up after its timeout (false)
    expect(lookup.position()).toBeLessThan(await infra.eventStore.headPosition());
    expect(await lookup.catchUp()).toBe(true);
    held.release();
  });
});
