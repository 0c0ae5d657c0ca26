import { csrfTokenFor, HttpProblem } from '@cn/platform';
import { httpChatCommandSink } from './http-chat-command-sink';

const session = { secret: 'sink-secret', ttlMs: 60_000, secureCookie: false };

describe('the chat socket\'s writes over HTTP (split deployment)', () => {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const answering = (status: number, body: object): typeof fetch =>
    ((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    }) as unknown as typeof fetch;
  beforeEach(() => calls.splice(0));

  it("calls the command service's routes with the member's session and CSRF token", async () => {
    const sink = httpChatCommandSink('http://command:3000/', session, answering(200, { position: 42 }));
    const issuer = { memberId: 'ann', sessionToken: 'ann.1.session.sig' };
    expect(await sink.send(issuer, { chat_id: 'member/bob', message_id: 'm-00000001', text: 'hi', quoted_message_id: null })).toEqual({ position: 42 });
    await sink.mark(issuer, { chat_id: 'group/g1', message_id: 'm-00000001', state: 'read' });
    await sink.mute(issuer, { chat_id: 'member/bob', until: null, app: true });
    await sink.setStatus(issuer, { type: 'busy', text: '' });
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'POST http://command:3000/api/v1/chats/member/bob/messages',
      'POST http://command:3000/api/v1/chats/group/g1/read',
      'DELETE http://command:3000/api/v1/chats/member/bob/mute?app=true',
      'PUT http://command:3000/api/v1/members/me/status',
    ]);
    expect(calls[0]?.init.headers).toMatchObject({ Cookie: 'cn_session=ann.1.session.sig', 'X-CSRF-Token': csrfTokenFor('ann.1.session.sig', session) });
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({ message_id: 'm-00000001', text: 'hi', quoted_message_id: null });
  });

  it('passes a refusal on with its status, key and fields', async () => {
    const sink = httpChatCommandSink('http://command:3000', session, answering(403, { statusCode: 403, error: 'forbidden', errors: [] }));
    const refused = await sink.send({ memberId: 'eve', sessionToken: 'eve.1.s.sig' }, { chat_id: 'group/g1', message_id: 'm-00000002', text: 'x', quoted_message_id: null }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpProblem);
    expect(refused).toMatchObject({ status: 403, key: 'forbidden' });
    await expect(sink.send({ memberId: 'eve', sessionToken: null }, { chat_id: 'group/g1', message_id: 'm-00000002', text: 'x', quoted_message_id: null })).rejects.toMatchObject({ status: 401 });
  });
});
