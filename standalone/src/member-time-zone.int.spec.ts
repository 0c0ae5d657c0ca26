import { membershipSettingsStream, type MembershipSettingsResponse, type NetworkResponse } from '@cn/contracts';
import { httpCaller } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

/**
 * A member's own time zone over HTTP: validated as an IANA zone (400 naming the field, nothing appended),
 * answered by the settings and by the network's answer the console tells times in, kept when a change
 * leaves it out, and null going back to the network's zone.
 */
describe("a member's time zone", () => {
  const demo = useDemoServer('member-time-zone');
  const { call, must } = httpCaller(() => demo.server);
  const events = async (memberId: string) => (await demo.running.infra.eventStore.readStream(membershipSettingsStream(memberId))).length;

  it('is an IANA zone of the membership settings that the console tells times in', async () => {
    const member = demo.clients.member;
    const loaded = await must<MembershipSettingsResponse>(member, 'get', `/members/${member.id}/settings`);
    expect(loaded.settings.time_zone).toBeNull();
    expect(loaded.network_time_zone).toBe('Europe/Berlin');
    expect((await must<NetworkResponse>(member, 'get', '/api/v1/network')).time_zone).toBe('Europe/Berlin');

    const before = await events(member.id);
    const refused = await call(member, 'put', `/members/${member.id}/settings`, { ...loaded.settings, time_zone: 'Mars/Olympus_Mons' });
    expect([refused.status, refused.body.errors]).toEqual([400, [{ field: 'time_zone', key: 'invalid' }]]);
    expect(await events(member.id)).toBe(before);

    await must(member, 'put', `/members/${member.id}/settings`, { ...loaded.settings, time_zone: 'America/New_York' });
    expect((await must<MembershipSettingsResponse>(member, 'get', `/members/${member.id}/settings`)).settings.time_zone).toBe('America/New_York');
    expect((await must<NetworkResponse>(member, 'get', '/api/v1/network')).time_zone).toBe('America/New_York');
    // another member's console keeps the network's zone
    expect((await must<NetworkResponse>(demo.clients.admin, 'get', '/api/v1/network')).time_zone).toBe('Europe/Berlin');

    // a change that leaves the zone out keeps it
    const { time_zone: _zone, ...withoutZone } = loaded.settings;
    await must(member, 'put', `/members/${member.id}/settings`, { ...withoutZone, email_newsletter: !loaded.settings.email_newsletter });
    expect((await must<MembershipSettingsResponse>(member, 'get', `/members/${member.id}/settings`)).settings).toMatchObject({ time_zone: 'America/New_York', email_newsletter: !loaded.settings.email_newsletter });

    // null: the network's again
    await must(member, 'put', `/members/${member.id}/settings`, { ...loaded.settings, time_zone: null });
    expect((await must<NetworkResponse>(member, 'get', '/api/v1/network')).time_zone).toBe('Europe/Berlin');
  });
});
