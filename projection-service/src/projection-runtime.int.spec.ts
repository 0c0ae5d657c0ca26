import request from 'supertest';
import { CONSISTENCY_HEADER, memberStream, type AuditEventsResponse, type MemberDto } from '@cn/contracts';
import { startHarness, type Harness } from './__tests__/harness';

describe('projection runtime', () => {
  let h: Harness;
  let head = 0;
  beforeAll(async () => {
    h = await startHarness();
    await h.register('admin', 'Ada', 'Admin', { network_admin: true });
    head = await h.append(memberStream('admin'), 'MemberPresenceChanged', { member_id: 'admin', type: 'busy', text: 'x' }, 'admin');
  });
  afterAll(() => h.close());

  const snapshot = async () => ({
    member: (await request(h.server).get('/members/admin').set('Cookie', h.cookie('admin')).set(CONSISTENCY_HEADER, String(head)).expect(200)).body as MemberDto,
    audit: (await request(h.server).get('/api/v1/audit/events').set('Cookie', h.cookie('admin')).set(CONSISTENCY_HEADER, String(head)).expect(200))
      .body as AuditEventsResponse,
  });

  it('rebuilds every read model from position 0 to the same answers', async () => {
    const before = await snapshot();
    expect(before.audit.events).toHaveLength(2);
    await h.service.runtime.rebuild();
    expect(h.service.runtime.readModels.position()).toBe(head);
    expect(await snapshot()).toEqual(before);
  });

  it('rebuilds one read model alone, and refuses a name it does not know', async () => {
    const before = await snapshot();
    await h.service.runtime.rebuild(['audit_events']);
    expect(await snapshot()).toEqual(before);
    await expect(h.service.runtime.rebuild(['no-such-model'])).rejects.toThrow(/no read model named no-such-model/);
  });

  it('reports the projection lag per projector', async () => {
    const metrics = await h.infra.metrics.registry.getSingleMetricAsString('cn_projection_lag_events');
    expect(metrics).toContain('projector="projection-service"');
    expect(metrics).toContain('projector="projection-service-audit"');
  });
});
