import { createPublicKey, verify } from 'node:crypto';
import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  DEFAULT_NETWORK_SETTINGS,
  DELETED_MEMBER_NAME,
  memberStream,
  type AuditEventDto,
  type AuditEventsResponse,
  type IntegrityLine,
  type ProjectionStatusDto,
  type SignedChainHead,
  type TimeTravelDto,
} from '@cn/contracts';
import { networkStreamId, startHarness, type Harness } from '../__tests__/harness';
import { auditCollection } from './audit.read';

describe('audit API', () => {
  let h: Harness;
  let head = 0;
  const audit = (cookie: string, query: Record<string, string | number> = {}) =>
    request(h.server).get('/api/v1/audit/events').query(query).set('Cookie', cookie).set(CONSISTENCY_HEADER, String(head));

  beforeAll(async () => {
    h = await startHarness();
    await h.register('admin', 'Ada', 'Admin', { network_admin: true });
    await h.register('aud', 'Otto', 'Auditor', { auditor: true });
    await h.register('eve', 'Eve', 'Erased');
    await h.append(memberStream('eve'), 'MemberPresenceChanged', { member_id: 'eve', type: 'busy', text: await h.infra.cipher.encrypt('eve', 'lunch') }, 'eve', new Date('2026-02-01T12:00:00Z'));
    head = await h.append(
      networkStreamId,
      'NetworkBasicSettingsChanged',
      { network_id: 'default', basic: { ...DEFAULT_NETWORK_SETTINGS.basic, name: 'Neu' }, changed_fields: ['name'] },
      'admin',
      new Date('2026-03-01T12:00:00Z'),
    );
  });
  afterAll(() => h.close());

  it('answers auditors and admins, newest first, with revealed data and who', async () => {
    const res = await audit(h.cookie('aud')).expect(200);
    const body = res.body as AuditEventsResponse;
    expect(body.events).toHaveLength(5);
    expect(body.next).toBeNull();
    const positions = body.events.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    const presence = body.events.find((e) => e.type === 'MemberPresenceChanged');
    expect(presence).toMatchObject({
      stream: 'member-eve',
      schema_version: 1,
      data: { member_id: 'eve', type: 'busy', text: 'lunch' },
      who: { id: 'eve', name: 'Eve Erased' },
      when: '2026-02-01T12:00:00.000Z',
    });
    expect(body.events.find((e) => e.type === 'MemberRegistered')?.who).toEqual({ id: null, name: 'system' });
    await audit(h.cookie('admin')).expect(200);
  });

  it('refuses members who are neither auditors nor admins, and signed-out requests', async () => {
    const res = await audit(h.cookie('eve')).expect(403);
    expect(res.body).toMatchObject({ error: 'forbidden' });
    await request(h.server).get('/api/v1/audit/events').expect(401);
  });

  it('validates the limit', async () => {
    const res = await audit(h.cookie('aud'), { limit: 1001 }).expect(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', errors: [{ field: 'limit', key: 'too_big' }] });
    await audit(h.cookie('aud'), { limit: 1000 }).expect(200);
  });

  it('filters by type, stream, member and time', async () => {
    const byType = (await audit(h.cookie('aud'), { type: 'MemberRegistered' }).expect(200)).body as AuditEventsResponse;
    expect(byType.events.map((e) => e.stream).sort()).toEqual(['member-admin', 'member-aud', 'member-eve']);
    const byStream = (await audit(h.cookie('aud'), { stream: 'member-eve' }).expect(200)).body as AuditEventsResponse;
    expect(byStream.events).toHaveLength(2);
    const byMember = (await audit(h.cookie('aud'), { member: 'admin' }).expect(200)).body as AuditEventsResponse;
    expect(byMember.events.map((e) => e.type)).toEqual(['NetworkBasicSettingsChanged']);
    const byTime = (await audit(h.cookie('aud'), { from: '2026-01-31T00:00:00Z', to: '2026-02-02T00:00:00+00:00' }).expect(200))
      .body as AuditEventsResponse;
    expect(byTime.events.map((e) => e.type)).toEqual(['MemberPresenceChanged']);
    await audit(h.cookie('aud'), { from: 'yesterday' }).expect(400);
  });

  it('pages in ascending order with after and next', async () => {
    const first = (await audit(h.cookie('aud'), { order: 'asc', limit: 2 }).expect(200)).body as AuditEventsResponse;
    expect(first.events).toHaveLength(2);
    expect(first.next).toBe(first.events[1]?.position);
    const second = (await audit(h.cookie('aud'), { order: 'asc', limit: 2, after: first.next ?? 0 }).expect(200)).body as AuditEventsResponse;
    expect(second.events[0]?.position).toBeGreaterThan(first.next ?? 0);
    const all = [...first.events, ...second.events].map((e) => e.position);
    expect(all).toEqual([...all].sort((a, b) => a - b));
  });

  it('lists for react-admin with Content-Range and filters', async () => {
    const res = await request(h.server)
      .get('/administration/audit-events')
      .query({ sort: JSON.stringify(['position', 'ASC']), range: JSON.stringify([0, 1]), filter: JSON.stringify({ stream: 'member-eve' }) })
      .set('Cookie', h.cookie('admin'))
      .expect(200);
    expect((res.body as AuditEventDto[]).map((e) => e.type)).toEqual(['MemberRegistered', 'MemberPresenceChanged']);
    expect(res.headers['content-range']).toBe('audit-events 0-1/2');
    await request(h.server).get('/administration/audit-events').set('Cookie', h.cookie('eve')).expect(403);
  });

  it('names the members an auditor may filter by, by name only, for react-admin', async () => {
    const res = await request(h.server)
      .get('/administration/audit-actors')
      .query({ filter: JSON.stringify({ q: 'ott' }), range: '[0,9]', sort: '["name","ASC"]' })
      .set('Cookie', h.cookie('aud'))
      .expect(200);
    expect(res.body).toEqual([{ id: 'aud', name: 'Otto Auditor' }]);
    expect(res.headers['content-range']).toBe('audit-actors 0-0/1');
    const chosen = await request(h.server)
      .get('/administration/audit-actors')
      .query({ filter: JSON.stringify({ id: ['admin', 'eve'] }) })
      .set('Cookie', h.cookie('admin'))
      .expect(200);
    expect((chosen.body as Array<{ id: string }>).map((actor) => actor.id).sort()).toEqual(['admin', 'eve']);
    expect(JSON.stringify(chosen.body)).not.toContain('@');
    await request(h.server).get('/administration/audit-actors').set('Cookie', h.cookie('eve')).expect(403);
    await request(h.server).get('/administration/audit-actors').expect(401);
  });

  it('verifies the hash-chained history for auditors as NDJSON: progress, then the head to keep', async () => {
    const res = await request(h.server).get('/api/v1/audit/integrity').set('Cookie', h.cookie('aud')).expect(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = (res.text).trim().split('\n').map((line) => JSON.parse(line) as IntegrityLine);
    const result = lines.find((line) => line.type === 'result');
    const current = await h.infra.eventStore.headPosition();
    expect(lines.some((line) => line.type === 'progress')).toBe(true);
    expect(result).toMatchObject({ type: 'result', available: true, checked: current, first_break: null, head: { position: current, hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(lines.at(-1)).toEqual({ type: 'read_model', checked: current, first_mismatch: null });
    await request(h.server).get('/api/v1/audit/integrity').set('Cookie', h.cookie('eve')).expect(403);
  });

  it('reports an audit row that was altered, removed or added behind the log, at its position', async () => {
    const rows = auditCollection(h.infra.documentStore);
    const verifyRows = async () => {
      const res = await request(h.server).get('/api/v1/audit/integrity').set('Cookie', h.cookie('aud')).expect(200);
      return res.text.trim().split('\n').map((line) => JSON.parse(line) as IntegrityLine).at(-1);
    };
    const [presence] = await rows.find({ type: 'MemberPresenceChanged' });
    if (!presence) throw new Error('no presence row');
    await rows.upsert({ ...presence, data: { ...(presence.data as object), type: 'online' } });
    expect(await verifyRows()).toMatchObject({ type: 'read_model', first_mismatch: { position: presence.position, kind: 'altered' } });
    await rows.delete(presence._id);
    expect(await verifyRows()).toMatchObject({ first_mismatch: { position: presence.position, kind: 'missing' } });
    await rows.upsert(presence);
    expect(await verifyRows()).toMatchObject({ first_mismatch: null });
  });

  it("signs the chain's head with a key that never leaves the system, verifiable with its public key", async () => {
    const res = await request(h.server).get('/api/v1/audit/integrity/head').set('Cookie', h.cookie('aud')).expect(200);
    const sealed = res.body as SignedChainHead;
    const current = await h.infra.eventStore.headPosition();
    expect(sealed).toMatchObject({ available: true, position: current, algorithm: 'Ed25519', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(sealed.message).toBe(`cn-chain-head:v1:${current}:${sealed.hash}:${sealed.signed_at}`);
    expect(verify(null, Buffer.from(sealed.message), createPublicKey(sealed.public_key), Buffer.from(sealed.signature, 'base64'))).toBe(true);
    // a forged head does not verify
    expect(verify(null, Buffer.from(sealed.message.replace(`:${current}:`, `:${current + 1}:`)), createPublicKey(sealed.public_key), Buffer.from(sealed.signature, 'base64'))).toBe(false);
    // the same key signs the next head
    const again = (await request(h.server).get('/api/v1/audit/integrity/head').set('Cookie', h.cookie('admin')).expect(200)).body as SignedChainHead;
    expect(again.public_key).toBe(sealed.public_key);
    expect(res.text).not.toContain('PRIVATE');
    await request(h.server).get('/api/v1/audit/integrity/head').set('Cookie', h.cookie('eve')).expect(403);
  });

  it('exports the history or a filtered part as NDJSON, oldest first', async () => {
    const res = await request(h.server).get('/api/v1/audit/export').set('Cookie', h.cookie('aud')).set(CONSISTENCY_HEADER, String(head)).expect(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="history-.+\.ndjson"$/);
    const all = res.text.trim().split('\n').map((line) => JSON.parse(line) as AuditEventDto);
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.map((e) => e.position)).toEqual([...all.map((e) => e.position)].sort((a, b) => a - b));
    expect(all.find((e) => e.type === 'MemberPresenceChanged')?.data).toMatchObject({ text: 'lunch' });
    const eve = await request(h.server).get('/api/v1/audit/export').query({ stream: 'member-eve' }).set('Cookie', h.cookie('admin')).expect(200);
    expect(eve.text.trim().split('\n').map((line) => (JSON.parse(line) as AuditEventDto).type)).toEqual(['MemberRegistered', 'MemberPresenceChanged']);
    await request(h.server).get('/api/v1/audit/export').query({ from: 'never' }).set('Cookie', h.cookie('aud')).expect(400);
    await request(h.server).get('/api/v1/audit/export').set('Cookie', h.cookie('eve')).expect(403);
  });

  it("gives every member their own history as a personal-data export, and nobody else's", async () => {
    const res = await request(h.server).get('/api/v1/members/me/history').set('Cookie', h.cookie('eve')).set(CONSISTENCY_HEADER, String(head)).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-activity-.+\.ndjson"$/);
    const own = res.text.trim().split('\n').map((line) => JSON.parse(line) as AuditEventDto);
    expect(own.map((e) => e.type)).toEqual(['MemberRegistered', 'MemberPresenceChanged']);
    expect(own[1]?.data).toMatchObject({ text: 'lunch' });
    const admin = (await request(h.server).get('/api/v1/members/me/history').set('Cookie', h.cookie('admin')).expect(200)).text;
    expect(admin).toContain('NetworkBasicSettingsChanged');
    expect(admin).not.toContain('lunch');
    await request(h.server).get('/api/v1/members/me/history').expect(401);
  });

  it("travels in time: a read model's document as it stood at a position or time, beside today's", async () => {
    const all = (await audit(h.cookie('aud'), { stream: 'member-eve', order: 'asc' }).expect(200)).body as AuditEventsResponse;
    const [registered, presence] = all.events;
    const travel = (query: Record<string, string | number>) => request(h.server).get('/api/v1/audit/time-travel').query(query).set('Cookie', h.cookie('aud'));
    const before = (await travel({ read_model: 'members', id: 'eve', position: registered?.position ?? 0 }).expect(200)).body as TimeTravelDto;
    expect(before).toMatchObject({ read_model: 'members', id: 'eve', then: { first_name: 'Eve', presence: null }, now: { presence: { type: 'busy', text: 'lunch' } } });
    expect(before.then).not.toHaveProperty('_position');
    const after = (await travel({ read_model: 'members', id: 'eve', at: '2026-02-01T12:00:00Z' }).expect(200)).body as TimeTravelDto;
    expect(after.position).toBe(presence?.position);
    expect(after.then).toMatchObject({ presence: { type: 'busy', text: 'lunch' } });
    const never = (await travel({ read_model: 'members', id: 'eve', position: 0 }).expect(200)).body as TimeTravelDto;
    expect(never.then).toBeNull();
    expect((await travel({ read_model: 'nothing', id: 'eve', position: 1 }).expect(404)).body).toMatchObject({ errors: [{ field: 'read_model', key: 'not_found' }] });
    expect((await travel({ read_model: 'members', id: 'eve' }).expect(400)).body).toMatchObject({ errors: [{ field: 'position', key: 'required' }] });
    await request(h.server).get('/api/v1/audit/time-travel').query({ read_model: 'members', id: 'eve', position: 1 }).set('Cookie', h.cookie('eve')).expect(403);
  });

  it('filters by correlation id: the events one request caused', async () => {
    const all = (await audit(h.cookie('aud'), { order: 'asc' }).expect(200)).body as AuditEventsResponse;
    const presence = all.events.find((e) => e.type === 'MemberPresenceChanged');
    const byCorrelation = (await audit(h.cookie('aud'), { correlation: presence?.correlation_id ?? '' }).expect(200)).body as AuditEventsResponse;
    expect(byCorrelation.events.map((e) => e.id)).toEqual(all.events.filter((e) => e.correlation_id === presence?.correlation_id).map((e) => e.id).reverse());
    expect(byCorrelation.events.length).toBeGreaterThanOrEqual(1);
  });

  it("tells auditors each read model's position and lag behind the history's head", async () => {
    const res = await request(h.server).get('/api/v1/audit/projections').set('Cookie', h.cookie('aud')).expect(200);
    const models = res.body as ProjectionStatusDto[];
    const audited = models.find((m) => m.name === 'audit_events');
    expect(audited).toMatchObject({ projector: 'projection-service-audit', failing: false });
    expect(audited?.head).toBe(await h.infra.eventStore.headPosition());
    expect(models.every((m) => m.lag === m.head - m.position || (m.lag === 0 && m.position >= m.head))).toBe(true);
    expect(models.length).toBeGreaterThan(5);
    await request(h.server).get('/api/v1/audit/projections').set('Cookie', h.cookie('eve')).expect(403);
  });

  it('shows the fallbacks for an erased member', async () => {
    head = await h.append(memberStream('eve'), 'MemberErased', { member_id: 'eve' }, 'admin');
    await h.infra.keyStore.destroy('eve');
    const body = (await audit(h.cookie('aud'), { stream: 'member-eve', order: 'asc' }).expect(200)).body as AuditEventsResponse;
    expect(body.events.map((e) => e.type)).toEqual(['MemberRegistered', 'MemberPresenceChanged', 'MemberErased']);
    expect(body.events[0]?.data).toMatchObject({ first_name: DELETED_MEMBER_NAME, last_name: DELETED_MEMBER_NAME, email: '' });
    expect(body.events[1]).toMatchObject({ data: { text: '' }, who: { id: 'eve', name: DELETED_MEMBER_NAME } });
    expect(body.events[2]?.who).toEqual({ id: 'admin', name: 'Ada Admin' });
  });
});
