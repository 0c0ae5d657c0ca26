import { DELETED_MEMBER_NAME, memberStream } from '@cn/contracts';
import { startTestService, type TestService } from '../../__tests__/command-service-app';

describe('registering and erasing members', () => {
  let service: TestService;
  let admin: { memberId: string; headers: Record<string, string> };
  beforeAll(async () => {
    service = await startTestService();
    admin = await service.signIn('admin@example.org');
  });
  afterAll(() => service.close());

  const register = (user: object) => service.http.post('/administration/members').set(admin.headers).send({ user });

  it('registers a member who can then sign in; the address stays unique', async () => {
    const res = await register({ email: 'new@example.org', password: 'secret-1', send_welcome_mail: false, profile_id: null }).expect(201);
    expect(res.body).toEqual({ position: expect.any(Number), id: expect.any(String) });
    const signedIn = await service.signIn('new@example.org', 'secret-1');
    expect(signedIn.memberId).toBe(res.body.id);
    const taken = await register({ email: 'NEW@example.org', password: 'another passphrase' }).expect(409);
    expect(taken.body).toEqual({ statusCode: 409, error: 'email_taken', errors: [{ field: 'user.email', key: 'email_taken' }] });
  });

  it('requires a password unless a welcome mail is sent, and only admins register', async () => {
    const res = await register({ email: 'nopass@example.org' }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'user.password', key: 'required' }]);
    await register({ email: 'welcome@example.org', send_welcome_mail: true }).expect(201);
    const member = await service.signIn('member@example.org');
    await service.http.post('/administration/members').set(member.headers).send({ user: { email: 'x@example.org', password: 'x' } }).expect(403);
  });

  it("erases a member: their events then read as the fallback and they cannot sign in", async () => {
    const guest = await service.signIn('guest@example.org');
    await service.http.put('/api/v1/members/me/status').set(guest.headers).send({ type: 'busy', text: 'secret plans' }).expect(200);
    const member = await service.signIn('member@example.org');
    await service.http.delete(`/administration/members/${guest.memberId}`).set(member.headers).expect(403);

    const res = await service.http.delete(`/administration/members/${guest.memberId}`).set(admin.headers).expect(200);
    const events = await service.infra.eventStore.readStream(memberStream(guest.memberId));
    expect(events.map((event) => event.type)).toEqual(['MemberRegistered', 'MemberPresenceChanged', 'MemberErased']);
    expect(res.body).toEqual({ position: events[2].position });
    expect(events[2].metadata.memberId).toBe(admin.memberId);
    expect(await service.infra.keyStore.get(guest.memberId)).toBeNull();

    const registered = await service.infra.cipher.reveal(events[0].data);
    expect(registered).toMatchObject({ email: '', first_name: DELETED_MEMBER_NAME, last_name: DELETED_MEMBER_NAME });
    expect(await service.infra.cipher.reveal(events[1].data)).toMatchObject({ text: '' });

    await service.http.post('/users/sign_in').send({ email: 'guest@example.org', password: 'changeme' }).expect(401);
    // the old session no longer acts for anyone
    await service.http.put('/api/v1/members/me/status').set(guest.headers).send({ type: 'online', text: '' }).expect(401);
    // erasing again only makes sure the key is gone
    await service.http.delete(`/administration/members/${guest.memberId}`).set(admin.headers).expect(200);
    await service.http.delete('/administration/members/unknown-member').set(admin.headers).expect(404);
  });
});
