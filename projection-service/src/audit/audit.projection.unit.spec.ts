import { project, projectEachTwice, recorded } from '../__tests__/events';
import { auditProjection } from './audit.projection';

describe('audit projection', () => {
  const sealedName = { $pii: 'c2VhbGVk', subject: 'm1' };
  const event = recorded(
    'MemberPresenceChanged',
    { member_id: 'm1', type: 'busy', text: sealedName },
    { at: '2026-03-01T10:00:00+01:00' },
  );

  it('records every registered event type', () => {
    expect(auditProjection.eventTypes).toEqual(
      expect.arrayContaining(['MemberRegistered', 'MemberErased', 'NetworkBasicSettingsChanged', 'SignInLocked']),
    );
  });

  it('keeps one entry per event with the data as stored and the metadata', () => {
    const doc = project(auditProjection, [event], event.id);
    expect(doc).toEqual({
      _id: event.id,
      _position: event.position,
      position: event.position,
      stream: 'member-m1',
      revision: 0,
      type: 'MemberPresenceChanged',
      schema_version: 1,
      data: { member_id: 'm1', type: 'busy', text: sealedName },
      who_id: 'm1',
      occurred_at: '2026-03-01T09:00:00.000Z',
      correlation_id: event.metadata.correlationId,
      causation_id: event.metadata.causationId,
    });
  });

  it('changes nothing when the same event is applied twice', () => {
    const once = project(auditProjection, [event], event.id);
    expect(project(auditProjection, [event, event], event.id)).toEqual(once);
    // and evolve itself, given each event twice in a row
    expect(projectEachTwice(auditProjection, [event], event.id)).toEqual(once);
  });

  it('keeps no credential: sealed secrets at any depth and verifier fields are redacted, other data kept as stored', () => {
    const sealedSecret = { $secret: 'c2VjcmV0', subject: 'm1' };
    const withSecret = recorded('MemberPresenceChanged', { member_id: 'm1', type: 'busy', text: sealedName, nested: [{ hash: sealedSecret }] });
    expect(project(auditProjection, [withSecret], withSecret.id)?.data).toEqual({ member_id: 'm1', type: 'busy', text: sealedName, nested: [{ hash: '[redacted]' }] });
    const token = recorded('MemberCalendarTokenIssued', { member_id: 'm1', token_hash: 'abc123' });
    expect(JSON.stringify(project(auditProjection, [token], token.id)?.data)).not.toContain('abc123');
  });
});
