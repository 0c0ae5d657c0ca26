import type { Document, DocumentStore } from '@cn/platform/document-store';

/**
 * Signed-out sessions, shared by every service through the document store (MongoDB in production, SQLite
 * embedded), so that a copied cookie stops working everywhere once its session signed out.
 *
 * This is session state, not domain state: signing out changes nothing in the network, so it records no
 * event and no projection builds this collection: the sign-out route writes it directly.
 */
export const REVOKED_SESSIONS = 'revoked_sessions';
/** how old the in-process view of the revoked ids may get before a request reloads it */
export const REVOCATION_REFRESH_MS = 1_000;
const SWEEP_EVERY_MS = 60 * 60_000;
/** entries that end all of a member's earlier sessions: `member:<id>`, expires_at = the latest expiry ended */
const MEMBER_PREFIX = 'member:';

export interface RevokedSession extends Document {
  /** the token's expiry (ms since the epoch): past it the token is refused anyway, so the entry may go */
  expires_at: number;
  revoked_at: number;
}

export interface SessionRevocations {
  /** records the revocation in the document store and in this process's view at once */
  revoke(sessionId: string, expiresAt: number): Promise<void>;
  /**
   * Ends every session of the member whose token expires at or before `expiresUpTo` (sessions issued up to
   * `expiresUpTo - ttl`): after a password change or reset, sessions opened before it stop working everywhere.
   */
  revokeMember(memberId: string, expiresUpTo: number): Promise<void>;
  /** answers from this process's view, which is at most refreshMs old after `refresh()` */
  isRevoked(session: { sessionId: string; memberId: string; expiresAt: number }): boolean;
  isStale(): boolean;
  /** reloads the revoked ids when the view is stale (one load at a time); now and then deletes expired entries */
  refresh(): Promise<void>;
  /** deletes the entries past their expiry; answers how many */
  sweep(): Promise<number>;
}

export interface SessionRevocationsOptions {
  refreshMs?: number;
  clock?: () => number;
}

export const createSessionRevocations = (store: DocumentStore, options: SessionRevocationsOptions = {}): SessionRevocations => {
  const refreshMs = options.refreshMs ?? REVOCATION_REFRESH_MS;
  const clock = options.clock ?? Date.now;
  const collection = store.collection<RevokedSession>(REVOKED_SESSIONS);
  /** id → expiry; a revoked id never becomes valid again, so entries only leave once expired */
  const revoked = new Map<string, number>();
  /** member id → the latest token expiry revoked for the member (entries `member:<id>`) */
  const revokedMembers = new Map<string, number>();
  let loadedAt = Number.NEGATIVE_INFINITY;
  let sweptAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;

  const sweep = async (): Promise<number> => {
    const now = clock();
    sweptAt = now;
    return collection.deleteMany({ expires_at: { $lte: now } });
  };

  const load = async (): Promise<void> => {
    // taken before the read, so that a revocation written during it is covered by the next load
    const startedAt = clock();
    const current = await collection.find({ expires_at: { $gt: startedAt } });
    for (const [id, expiresAt] of revoked) if (expiresAt <= startedAt) revoked.delete(id);
    for (const [id, expiresAt] of revokedMembers) if (expiresAt <= startedAt) revokedMembers.delete(id);
    for (const entry of current) {
      if (entry._id.startsWith(MEMBER_PREFIX)) rememberMember(entry._id.slice(MEMBER_PREFIX.length), entry.expires_at);
      else revoked.set(entry._id, entry.expires_at);
    }
    loadedAt = startedAt;
    if (startedAt - sweptAt >= SWEEP_EVERY_MS) await sweep();
  };

  const isStale = (): boolean => clock() - loadedAt >= refreshMs;

  const rememberMember = (memberId: string, expiresUpTo: number): void => {
    revokedMembers.set(memberId, Math.max(expiresUpTo, revokedMembers.get(memberId) ?? Number.NEGATIVE_INFINITY));
  };

  return {
    revoke: async (sessionId, expiresAt) => {
      await collection.upsert({ _id: sessionId, expires_at: expiresAt, revoked_at: clock() });
      revoked.set(sessionId, expiresAt);
    },
    revokeMember: async (memberId, expiresUpTo) => {
      const id = `${MEMBER_PREFIX}${memberId}`;
      const known = await collection.get(id);
      const upTo = Math.max(expiresUpTo, known?.expires_at ?? Number.NEGATIVE_INFINITY);
      await collection.upsert({ _id: id, expires_at: upTo, revoked_at: clock() });
      rememberMember(memberId, upTo);
    },
    isRevoked: (session) => revoked.has(session.sessionId) || session.expiresAt <= (revokedMembers.get(session.memberId) ?? Number.NEGATIVE_INFINITY),
    isStale,
    refresh: () => {
      if (!isStale()) return Promise.resolve();
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    sweep,
  };
};

const byStore = new WeakMap<DocumentStore, SessionRevocations>();

/**
 * One view per document store, shared by the request middleware and the sign-out route of a process. The
 * options count where the view is made: the HTTP kit makes it first, with the infrastructure's clock.
 */
export const sessionRevocationsOf = (store: DocumentStore, options: SessionRevocationsOptions = {}): SessionRevocations => {
  let known = byStore.get(store);
  if (!known) {
    known = createSessionRevocations(store, options);
    byStore.set(store, known);
  }
  return known;
};
