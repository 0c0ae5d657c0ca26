import { memberStream } from '@cn/contracts';
import { isEncryptedValue } from '@cn/platform';
import { startTestService, type TestService } from '../../__tests__/command-service-app';

describe('PUT /api/v1/members/me/status', () => {
  let service: TestService;
  let admin: { memberId: string; headers: Record<string, string> };
  let member: { memberId: string; headers: Record<string, string> };
  beforeAll(async () => {
    service = await startTestService();
    admin = await service.signIn('admin@example.org');
    member = await service.signIn('member@example.org');
  });
  afterAll(() => service.close());

  const showOnlineStatus = (value: string) =>
    service.http.put('/administration/settings').set(admin.headers).send({ member: { show_online_status: value } }).expect(200);
  const setStatus = (body: object) => service.http.put('/api/v1/members/me/status').set(member.headers).send(body);

  it('records the presence with the text encrypted and line breaks as spaces', async () => {
    const res = await setStatus({ type: 'busy', text: 'In a\nmeeting' }).expect(200);
    const events = await service.infra.eventStore.readStream(memberStream(member.memberId));
    const last = events[events.length - 1];
    expect(last.type).toBe('MemberPresenceChanged');
    expect(res.body).toEqual({ position: last.position });
    const data = last.data as { type: string; text: unknown };
    expect(data.type).toBe('busy');
    expect(isEncryptedValue(data.text)).toBe(true);
    expect(JSON.stringify(last.data)).not.toContain('meeting');
    expect(await service.infra.cipher.reveal(data)).toEqual({ member_id: member.memberId, type: 'busy', text: 'In a meeting' });
  });

  it("asks for the log's head once per command: the guard's catch-up with the lookup stands for the handler's questions", async () => {
    const head = jest.spyOn(service.infra.eventStore, 'headPosition');
    try {
      const res = await setStatus({ type: 'online', text: 'asked once' }).expect(200);
      expect(head).toHaveBeenCalledTimes(1);
      const events = await service.infra.eventStore.readStream(memberStream(member.memberId));
      expect(res.body).toEqual({ position: events[events.length - 1].position });
      // the next request asks again
      await setStatus({ type: 'busy', text: 'asked again' }).expect(200);
      expect(head).toHaveBeenCalledTimes(2);
    } finally {
      head.mockRestore();
    }
  });

  it('refuses control characters (400 invalid_characters, nothing appended) and drops bidi overrides', async () => {
    const before = await service.infra.eventStore.headPosition();
    const bell = await setStatus({ type: 'busy', text: 'ring\u0007ring' }).expect(400);
    expect(bell.body.errors).toEqual([{ field: 'text', key: 'invalid_characters' }]);
    expect(await service.infra.eventStore.headPosition()).toBe(before);
    await setStatus({ type: 'busy', text: '\u202Eyadot tuo\u202C' }).expect(200);
    const events = await service.infra.eventStore.readStream(memberStream(member.memberId));
    expect(await service.infra.cipher.reveal(events[events.length - 1].data)).toMatchObject({ text: 'yadot tuo' });
    const named = await service.http
      .post('/administration/members')
      .set(admin.headers)
      .send({ user: { email: 'ctl@example.org', password: 'a good passphrase', first_name: 'Eve\u0000', last_name: 'Null' } })
      .expect(400);
    expect(named.body.errors).toEqual([{ field: 'user.first_name', key: 'invalid_characters' }]);
  });

  it('answers 401 when signed out and 400 for a text over 100 characters or an unknown type', async () => {
    await service.http.put('/api/v1/members/me/status').send({ type: 'online', text: '' }).expect(401);
    const long = await setStatus({ type: 'online', text: 'x'.repeat(101) }).expect(400);
    expect(long.body.errors).toEqual([{ field: 'text', key: 'too_long' }]);
    const type = await setStatus({ type: 'away', text: '' }).expect(400);
    expect(type.body.errors).toEqual([{ field: 'type', key: 'invalid_value' }]);
  });

  it("allows invisible only while online status is 'optional'", async () => {
    await setStatus({ type: 'invisible', text: '' }).expect(200);
    await showOnlineStatus('enabled');
    const refused = await setStatus({ type: 'invisible', text: '' }).expect(422);
    expect(refused.body).toEqual({ statusCode: 422, error: 'invisible_not_allowed', errors: [{ field: 'type', key: 'invisible_not_allowed' }] });
    await setStatus({ type: 'online', text: '' }).expect(200);
  });

  it("refuses every status while online status is 'disabled'", async () => {
    await showOnlineStatus('disabled');
    const refused = await setStatus({ type: 'online', text: 'hi' }).expect(422);
    expect(refused.body.error).toBe('status_hidden');
    await showOnlineStatus('optional');
    await setStatus({ type: 'online', text: 'hi' }).expect(200);
  });
});
