import { chatKeyOf, chatStream, CHAT_MUTE_FOREVER } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { startTestService, type TestService } from '../__tests__/command-service-app';

describe('chat routes (command side)', () => {
  let service: TestService;
  let ann: { memberId: string; headers: Record<string, string> };
  let bob: { memberId: string; headers: Record<string, string> };
  let eve: { memberId: string; headers: Record<string, string> };
  beforeAll(async () => {
    service = await startTestService();
    ann = await service.signIn('member@example.org');
    bob = await service.signIn('admin@example.org');
    eve = await service.signIn('auditor@example.org');
  });
  afterAll(() => service.close());

  const streamOf = (a: string, b: string) => chatStream(chatKeyOf(a, { type: 'member', id: b }));

  it('posts a message with its text encrypted under the author key, once even when sent twice', async () => {
    const url = `/api/v1/chats/member/${bob.memberId}/messages`;
    const body = { message_id: 'msg-00000001', text: 'Hallo Ada' };
    const first = await service.http.post(url).set(ann.headers).send(body).expect(200);
    await service.http.post(url).set(ann.headers).send(body).expect(200);
    const events = await service.infra.eventStore.readStream(streamOf(ann.memberId, bob.memberId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'ChatMessagePosted', position: first.body.position, data: { seq: 1, author_id: ann.memberId, message_id: 'msg-00000001' } });
    expect(JSON.stringify(events[0]?.data)).not.toContain('Hallo Ada');
    expect((events[0]?.data as { text: { subject: string } }).text.subject).toBe(ann.memberId);
  });

  it('both members of the pair name the same conversation', async () => {
    await service.http.post(`/api/v1/chats/member/${ann.memberId}/read`).set(bob.headers).send({ message_id: 'msg-00000001' }).expect(200);
    const events = await service.infra.eventStore.readStream(streamOf(bob.memberId, ann.memberId));
    expect(events.map((event) => event.type)).toEqual(['ChatMessagePosted', 'ChatMessagesRead']);
  });

  it('refuses an outsider with 403 and appends nothing', async () => {
    const before = await service.infra.eventStore.headPosition();
    // eve is in no chat of ann's and bob's: she can only open her own chat with one of them
    await service.http.post(`/api/v1/chats/group/no-such-group/messages`).set(eve.headers).send({ message_id: 'msg-00000009', text: 'hi' }).expect(403);
    await service.http.post(`/api/v1/chats/member/${eve.memberId}/messages`).set(eve.headers).send({ message_id: 'msg-00000010', text: 'me' }).expect(403);
    expect(await service.infra.eventStore.headPosition()).toBe(before);
  });

  it('answers 400 naming the field for empty or whitespace text, and appends nothing', async () => {
    const before = await service.infra.eventStore.headPosition();
    const res = await service.http.post(`/api/v1/chats/member/${bob.memberId}/messages`).set(ann.headers).send({ message_id: 'msg-00000002', text: '  \n ' }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'text', key: 'required' }]);
    const bad = await service.http.post(`/api/v1/chats/member/${bob.memberId}/messages`).set(ann.headers).send({ message_id: 'x', text: 'ok' }).expect(400);
    expect(bad.body.errors).toEqual([{ field: 'message_id', key: 'invalid_format' }]);
    expect(await service.infra.eventStore.headPosition()).toBe(before);
  });

  it('answers 401 before looking at the body', async () => {
    await service.http.post(`/api/v1/chats/member/${bob.memberId}/messages`).send({ text: 42 }).expect(401);
  });

  it('a timed mute ends by itself; forever does not', async () => {
    const until = new Date(Date.now() + 600).toISOString();
    await service.http.put(`/api/v1/chats/member/${bob.memberId}/mute`).set(ann.headers).send({ until }).expect(200);
    await eventually(async () => {
      const types = (await service.infra.eventStore.readStream(streamOf(ann.memberId, bob.memberId))).map((event) => event.type);
      return types.at(-1) === 'ChatUnmuted';
    }, 5000);
    const events = await service.infra.eventStore.readStream(streamOf(ann.memberId, bob.memberId));
    expect(events.at(-1)?.data).toMatchObject({ member_id: ann.memberId, expired: true });
    await service.http.put(`/api/v1/chats/member/${bob.memberId}/mute`).set(ann.headers).send({ until: CHAT_MUTE_FOREVER }).expect(200);
    await service.http.delete(`/api/v1/chats/member/${bob.memberId}/mute`).set(ann.headers).expect(200);
    const types = (await service.infra.eventStore.readStream(streamOf(ann.memberId, bob.memberId))).map((event) => event.type);
    expect(types.slice(-2)).toEqual(['ChatMuted', 'ChatUnmuted']);
  });

  it('issues socket credentials for three hours', async () => {
    const res = await service.http.post('/api/v1/chat_token').set(ann.headers).expect(200);
    // a signed token (claims.signature) whose claims name the member
    const [claims] = String(res.body.token).split('.');
    expect(JSON.parse(Buffer.from(claims ?? '', 'base64url').toString('utf8'))).toMatchObject({ member_id: ann.memberId });
    expect(Date.parse(res.body.expires_at) - Date.now()).toBeGreaterThan(2.9 * 3600 * 1000);
  });
});
