import { abuseReportStream, DEFAULT_NETWORK_SETTINGS } from '@cn/contracts';
import { startTestService, type TestService } from '../../__tests__/command-service-app';

describe('POST /report', () => {
  let service: TestService;
  let headers: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    service = await startTestService();
    headers = (await service.signIn('member@example.org')).headers;
    admin = (await service.signIn('admin@example.org')).headers;
  });
  afterAll(() => service.close());

  const report = { url: '/activities/a1', reason: 'Spam, again' };

  it('refuses while the network has abuse reports off (422), appending nothing', async () => {
    const before = await service.infra.eventStore.headPosition();
    expect((await service.http.post('/report').set(headers).send(report).expect(422)).body.error).toBe('abuse_reports_disabled');
    expect(await service.infra.eventStore.headPosition()).toBe(before);
  });

  it('records the report on its own stream once the network enables them', async () => {
    await service.http.put('/administration/settings').set(admin).send({ basic: { ...DEFAULT_NETWORK_SETTINGS.basic, abuse_reports_enabled: true } }).expect(200);
    const res = await service.http.post('/report').set(headers).send(report).expect(201);
    const [recorded] = await service.infra.eventStore.readStream(abuseReportStream(res.body.id as string));
    expect(recorded).toMatchObject({ type: 'AbuseReported', data: { report_id: res.body.id, url: '/activities/a1', reason: 'Spam, again' }, position: res.body.position });
  });

  it('answers 401 before the body, and 400 naming each field with its key', async () => {
    expect((await service.http.post('/report').send({}).expect(401)).body.error).toBe('unauthenticated');
    const before = await service.infra.eventStore.headPosition();
    const res = await service.http.post('/report').set(headers).send({ url: 'javascript:alert(1)', reason: '' }).expect(400);
    expect(res.body.errors).toEqual([
      { field: 'url', key: 'invalid_url' },
      { field: 'reason', key: 'required' },
    ]);
    expect(await service.infra.eventStore.headPosition()).toBe(before);
  });
});
