import { createSignedToken, readSignedToken } from './signed-token';

type Claims = { member_id: string; expires_at: number };
const isClaims = (value: unknown): value is Claims => typeof (value as { member_id?: unknown } | null)?.member_id === 'string';
const now = new Date('2026-11-23T12:00:00Z');
const claims: Claims = { member_id: 'm1', expires_at: now.getTime() + 60_000 };

describe('signed tokens', () => {
  it('reads back the claims it signed', () => {
    expect(readSignedToken('secret', 'chat-token', createSignedToken('secret', 'chat-token', claims), now, isClaims)).toEqual(claims);
  });

  it('refuses a token of another purpose, another secret, a changed body, an expired one or garbage', () => {
    const token = createSignedToken('secret', 'chat-token', claims);
    expect(readSignedToken('secret', 'file-token', token, now, isClaims)).toBeNull();
    expect(readSignedToken('other', 'chat-token', token, now, isClaims)).toBeNull();
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...claims, member_id: 'm2' })).toString('base64url')}.${signature}`;
    expect(readSignedToken('secret', 'chat-token', forged, now, isClaims)).toBeNull();
    expect(readSignedToken('secret', 'chat-token', token, new Date(claims.expires_at), isClaims)).toBeNull();
    for (const junk of [null, '', 'a', 'a.b.c', `${token}.x`]) expect(readSignedToken('secret', 'chat-token', junk, now, isClaims)).toBeNull();
  });

  it('refuses claims of the wrong shape even when signed', () => {
    const token = createSignedToken('secret', 'chat-token', { expires_at: claims.expires_at });
    expect(readSignedToken('secret', 'chat-token', token, now, isClaims)).toBeNull();
  });
});
