import { DEFAULT_MEMBERSHIP_SETTINGS, membershipSettingsStream, type ChangeMembershipSettingsRequest } from '@cn/contracts';
import { startTestService, type TestService } from '../../__tests__/command-service-app';

describe('PUT /members/{id}/settings', () => {
  let service: TestService;
  let headers: Record<string, string>;
  let memberId: string;
  let otherId: string;
  beforeAll(async () => {
    service = await startTestService();
    const signedIn = await service.signIn('member@example.org');
    headers = signedIn.headers;
    memberId = signedIn.memberId;
    otherId = (await service.signIn('admin@example.org')).memberId;
  });
  afterAll(() => service.close());

  const url = (id: string) => `/members/${id}/settings`;
  const body: ChangeMembershipSettingsRequest = { ...DEFAULT_MEMBERSHIP_SETTINGS, email_newsletter: false, email_notifications: ['mentions'] };

  it("appends MembershipSettingsChanged to the member's own stream, once for the same settings", async () => {
    const res = await service.http.put(url(memberId)).set(headers).send(body).expect(200);
    const recorded = await service.infra.eventStore.readStream(membershipSettingsStream(memberId));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ type: 'MembershipSettingsChanged', data: { member_id: memberId, settings: body }, position: res.body.position });
    await service.http.put(url(memberId)).set(headers).send(body).expect(200);
    expect(await service.infra.eventStore.readStream(membershipSettingsStream(memberId))).toHaveLength(1);
  });

  it("takes 'me' for the signed-in member's own id", async () => {
    const changed = { ...body, email_notifications: ['mentions', 'replies'] } as ChangeMembershipSettingsRequest;
    await service.http.put(url('me')).set(headers).send(changed).expect(200);
    const recorded = await service.infra.eventStore.readStream(membershipSettingsStream(memberId));
    expect(recorded.at(-1)).toMatchObject({ type: 'MembershipSettingsChanged', data: { member_id: memberId, settings: changed } });
  });

  it('answers 401 before looking at the body when signed out', async () => {
    const res = await service.http.put(url(memberId)).send({ email_newsletter: 42 }).expect(401);
    expect(res.body.error).toBe('unauthenticated');
  });

  it('refuses, appending nothing: bad fields (400), another member (403), what the network does not offer (422), groups the member is not in (400)', async () => {
    const before = await service.infra.eventStore.headPosition();
    expect((await service.http.put(url(memberId)).set(headers).send({ ...body, email_newsletter: 42 }).expect(400)).body.errors).toEqual([{ field: 'email_newsletter', key: 'required' }]);
    expect((await service.http.put(url(otherId)).set(headers).send(body).expect(403)).body.error).toBe('forbidden');
    const admin = await service.http.put(url(memberId)).set(headers).send({ ...body, email_admin_notifications: ['abuse_reports'] }).expect(422);
    expect(admin.body.errors).toEqual([expect.objectContaining({ field: 'email_admin_notifications', key: 'forbidden' })]);
    const daily = await service.http.put(url(memberId)).set(headers).send({ ...body, email_daily_digests: { ...body.email_daily_digests, enabled: true } }).expect(422);
    expect(daily.body.errors).toEqual([expect.objectContaining({ field: 'email_daily_digests.enabled', key: 'digests_disabled' })]);
    const groups = await service.http.put(url(memberId)).set(headers).send({ ...body, email_digests: { ...body.email_digests, switch: 'selected_groups', group_ids: ['nope'] } }).expect(400);
    expect(groups.body.errors).toEqual([expect.objectContaining({ field: 'email_digests.group_ids', key: 'not_a_member' })]);
    expect(await service.infra.eventStore.headPosition()).toBe(before);
  });
});
