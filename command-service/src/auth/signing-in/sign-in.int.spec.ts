import { SESSION_COOKIE } from '@cn/contracts';
import { startTestService, type TestService } from '../../__tests__/command-service-app';

describe('signing in and out', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it('answers the member and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await service.http.post('/users/sign_in').send({ email: 'Admin@Example.org', password: 'changeme' }).expect(200);
    expect(res.body.member).toMatchObject({ email: 'admin@example.org', is_network_admin: true, first_name: 'Ada' });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('answers the same 401 for a wrong password and an unknown address', async () => {
    const wrong = await service.http.post('/users/sign_in').send({ email: 'admin@example.org', password: 'nope' }).expect(401);
    const unknown = await service.http.post('/users/sign_in').send({ email: 'nobody@example.org', password: 'nope' }).expect(401);
    expect(wrong.body).toEqual({ statusCode: 401, error: 'invalid_credentials', errors: [] });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 with field and key for bad input, never a 500', async () => {
    const res = await service.http.post('/users/sign_in').send({ email: 'admin@example.org' }).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'validation_failed', errors: [{ field: 'password', key: 'required' }] });
    const json = await service.http.post('/users/sign_in').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(json.body).toEqual({ statusCode: 400, error: 'validation_failed', errors: [{ field: 'body', key: 'invalid_json' }] });
  });

  it('signs out with 204 and clears the cookie (CSRF token required with a session)', async () => {
    const { headers } = await service.signIn('member@example.org');
    await service.http.delete('/users/sign_out').set('Cookie', headers['Cookie']).expect(403);
    const res = await service.http.delete('/users/sign_out').set(headers).expect(204);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
  });

  it('serves health, metrics and the OpenAPI document', async () => {
    await service.http.get('/health/live').expect(200);
    await service.http.get('/health/ready').expect(200);
    const metrics = await service.http.get('/metrics').expect(200);
    expect(metrics.text).toContain('cn_commands_total{command="SignIn",outcome="accepted"}');
    expect(metrics.text).toContain('cn_event_appends_total{stream_category="member"} 4');
    const docs = await service.http.get('/api/docs').expect(200);
    expect(docs.body.openapi).toBe('3.1.0');
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/users/sign_in', '/administration/settings', '/api/v1/members/me/status', '/administration/members/{id}']),
    );
    expect(docs.body.paths['/administration/settings'].put.requestBody.content['application/json'].schema.properties).toHaveProperty('basic');
  });

  it('answers unknown routes with not_found', async () => {
    const res = await service.http.get('/nothing/here').expect(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'not_found', errors: [] });
  });
});
