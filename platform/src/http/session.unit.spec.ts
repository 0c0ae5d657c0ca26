import { createHmac } from 'node:crypto';
import { createSessionToken, csrfTokenFor, newSessionId, verifyCsrfToken, verifySessionToken } from './session';

const session = { secret: 'test-secret', ttlMs: 60_000, secureCookie: false };
const now = new Date('2026-01-01T00:00:00Z');

describe('session tokens', () => {
  it('are memberId.expiresAt.sessionId.hmac with a fresh random session id each time', () => {
    const token = createSessionToken('member-1', session, now);
    const [memberId, expiresAt, sessionId, hmac] = token.split('.');
    expect(memberId).toBe('member-1');
    expect(Number(expiresAt)).toBe(now.getTime() + 60_000);
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hmac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifySessionToken(token, session, now)).toEqual({ memberId: 'member-1', expiresAt: now.getTime() + 60_000, sessionId });
    const other = verifySessionToken(createSessionToken('member-1', session, now), session, now);
    expect(other?.sessionId).not.toBe(sessionId);
  });

  it('keeps a given session id and refuses malformed ones', () => {
    const id = newSessionId();
    expect(verifySessionToken(createSessionToken('a.b', session, now, id), session, now)).toEqual({ memberId: 'a.b', expiresAt: now.getTime() + 60_000, sessionId: id });
    expect(() => createSessionToken('member-1', session, now, 'short')).toThrow();
  });

  it('refuses a swapped session id and tokens of the earlier format without one', () => {
    const token = createSessionToken('member-1', session, now);
    const [memberId, expiresAt, , hmac] = token.split('.');
    expect(verifySessionToken(`${memberId}.${expiresAt}.${newSessionId()}.${hmac}`, session, now)).toBeNull();
    // the earlier format: memberId.expiresAt.hmac, signed without a version prefix
    const legacyPayload = `member-1.${now.getTime() + 60_000}`;
    const legacy = `${legacyPayload}.${createHmac('sha256', session.secret).update(legacyPayload).digest('base64url')}`;
    expect(verifySessionToken(legacy, session, now)).toBeNull();
    // nor does a legacy-style signature over the new payload pass
    const unversioned = `${legacyPayload}.${newSessionId()}`;
    expect(verifySessionToken(`${unversioned}.${createHmac('sha256', session.secret).update(unversioned).digest('base64url')}`, session, now)).toBeNull();
  });

  it('answers a token checked before as before: expired once its time is up, another secret refuses it, a changed signature is checked anew', () => {
    const token = createSessionToken('member-1', session, now);
    const csrf = csrfTokenFor(token, session);
    expect(verifySessionToken(token, session, now)?.memberId).toBe('member-1');
    // checked again from what this process remembers: the same answer, and the CSRF token bound to it
    expect(verifySessionToken(token, session, now)?.memberId).toBe('member-1');
    expect(verifyCsrfToken(token, csrf, session)).toBe(true);
    expect(verifyCsrfToken(token, `${csrf.slice(0, -1)}${csrf.endsWith('A') ? 'B' : 'A'}`, session)).toBe(false);
    expect(verifyCsrfToken(token, undefined, session)).toBe(false);
    expect(verifySessionToken(token, session, new Date(now.getTime() + 60_000))).toBeNull();
    expect(verifySessionToken(token, { ...session, secret: 'another-secret' }, now)).toBeNull();
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(verifySessionToken(tampered, session, now)).toBeNull();
    expect(verifySessionToken(tampered, session, now)).toBeNull();
    // a caller changing the answer it got changes nothing that is remembered
    const answer = verifySessionToken(token, session, now);
    if (answer) answer.memberId = 'member-2';
    expect(verifySessionToken(token, session, now)?.memberId).toBe('member-1');
  });
});
