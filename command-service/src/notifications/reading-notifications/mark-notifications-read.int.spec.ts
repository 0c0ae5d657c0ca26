import { notificationsStream } from '@cn/contracts';
import { startTestService, type TestService } from '../../__tests__/command-service-app';

describe('POST /api/v1/notifications/read', () => {
  let service: TestService;
  let headers: Record<string, string>;
  let memberId: string;
  beforeAll(async () => {
    service = await startTestService();
    const signedIn = await service.signIn('member@example.org');
    headers = signedIn.headers;
    memberId = signedIn.memberId;
  });
  afterAll(() => service.close());

  const url = '/api/v1/notifications/read';

  it("appends NotificationsRead to the member's own stream, and nothing for an older position", async () => {
    const res = await service.http.post(url).set(headers).send({ up_to: 40 }).expect(200);
    const [recorded] = await service.infra.eventStore.readStream(notificationsStream(memberId));
    expect(recorded).toMatchObject({ type: 'NotificationsRead', data: { member_id: memberId, up_to: 40 }, position: res.body.position });
    await service.http.post(url).set(headers).send({ up_to: 30 }).expect(200);
    expect(await service.infra.eventStore.readStream(notificationsStream(memberId))).toHaveLength(1);
  });

  it('answers 401 before looking at the body when signed out', async () => {
    const res = await service.http.post(url).send({ up_to: 'x' }).expect(401);
    expect(res.body.error).toBe('unauthenticated');
  });

  it('answers 400 with the field and key, and appends nothing', async () => {
    const before = await service.infra.eventStore.headPosition();
    const res = await service.http.post(url).set(headers).send({ up_to: 'x' }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'up_to', key: 'required' }]);
    expect(await service.infra.eventStore.headPosition()).toBe(before);
  });
});
