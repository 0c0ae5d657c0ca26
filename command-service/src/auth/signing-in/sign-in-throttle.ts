import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import {
  SIGN_IN_BACKOFF_BASE_MS,
  SIGN_IN_BACKOFF_CAP_MS,
  SIGN_IN_FAILURE_WINDOW_MS,
  SIGN_IN_FREE_FAILURES,
  SIGN_IN_THROTTLE_SCOPES,
  SIGN_IN_TRUSTED_ADDRESS_MS,
  type SignInThrottleScope,
} from '@cn/contracts';
import type { DocumentCollection, DocumentStore } from '@cn/platform';
import type { Document } from '@cn/domain';

/**
 * Sign-in throttling (OWASP ASVS 5.0 V6.3.1): failed attempts are counted in three scopes, and past a
 * scope's free failures every further attempt in it has to wait, 1 s doubling per failure up to 15 min.
 *
 * - `account_address`, the account from one client address, after few failures (5): the guessing of one
 *   client at one account; a member who mistyped waits seconds.
 * - `account`, from every address, only after many more (20): guessing spread over addresses.
 * - `address`, whatever the account, after 50: one client trying many accounts (credential stuffing,
 *   password spraying); unknown accounts count like known ones, so the answers tell nothing about them.
 *
 * So that guessing from elsewhere cannot lock a member out, an address that signed in to an account
 * stays trusted for that account (30 days): the account and address locks do not apply to it, only its
 * own `account_address` lock. A success resets the account's counters, never the address's (its own
 * account's success must not buy a sprayer new attempts). A locked attempt is refused before the
 * password is looked at. Counters are forgotten an hour after their last failure.
 *
 * The state is session security state shared by every service process through the document store
 * (collection `sign_in_throttles`), not domain state: no projection builds it. Documents are keyed by
 * HMAC-SHA-256 of the normalized email or address with the session secret (which every process shares
 * already): a plain SHA-256 of an IPv4 address or a known email is reversed by trying them all.
 *
 * The document store has no atomic update, so a failure is a read-modify-write: within a process the
 * updates of one document run one after the other and none is lost; across processes two failures at
 * the same instant may count once (approximate there, which only delays a lock by an attempt or so).
 * Attempts already past the check when a lock begins still finish, so a burst may overshoot a
 * threshold by the requests in flight; each of them still counts and lengthens the wait.
 */
export const SIGN_IN_THROTTLES = 'sign_in_throttles';

export interface ThrottlePolicy {
  freeFailures: Readonly<Record<SignInThrottleScope, number>>;
  baseMs: number;
  capMs: number;
  windowMs: number;
  trustedAddressMs: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  freeFailures: SIGN_IN_FREE_FAILURES,
  baseMs: SIGN_IN_BACKOFF_BASE_MS,
  capMs: SIGN_IN_BACKOFF_CAP_MS,
  windowMs: SIGN_IN_FAILURE_WINDOW_MS,
  trustedAddressMs: SIGN_IN_TRUSTED_ADDRESS_MS,
};

/** How long the next attempt waits after `failures` consecutive failures: 0 while free, then base·2^k up to the cap. */
export const signInBackoffMs = (failures: number, freeFailures: number, baseMs = SIGN_IN_BACKOFF_BASE_MS, capMs = SIGN_IN_BACKOFF_CAP_MS): number =>
  failures < freeFailures ? 0 : Math.min(capMs, baseMs * 2 ** (failures - freeFailures));

/** `Retry-After` in whole seconds, at least 1. */
export const retryAfterSeconds = (lockedUntil: number, now: number): number => Math.max(1, Math.ceil((lockedUntil - now) / 1000));

/** The email as sign-in looks it up. */
export const normalizeAccount = (email: string): string => email.trim().toLowerCase();

const expandIPv6 = (address: string): string[] => {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
};

/**
 * The client address as throttled: IPv4-mapped IPv6 as IPv4, and IPv6 by its /64 prefix, since one
 * client usually holds a whole /64 and could otherwise take a fresh address per attempt.
 */
export const normalizeAddress = (address: string): string => {
  const bare = address.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv6(bare) && !bare.includes('.')) return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
  return bare;
};

export interface SignInAttempt {
  /** normalized email */
  account: string;
  /** normalized client address */
  address: string;
}

export interface ThrottleLock {
  scope: SignInThrottleScope;
  /** ms since the epoch */
  lockedUntil: number;
}

/** A lock that began with a failure: what the SignInLocked event tells administrators. */
export interface BegunLock extends ThrottleLock {
  failures: number;
  accountHash: string;
  addressHash: string;
}

interface ThrottleDocument extends Document {
  scope: SignInThrottleScope;
  failures: number;
  /** ms since the epoch; 0 when there is none in the current run */
  last_failure_at: number;
  locked_until: number;
  /** account_address only: until then this address is exempt from the account and address locks */
  trusted_until: number;
  /** ms since the epoch; past it the document may be deleted */
  expires_at: number;
}

const SWEEP_EVERY_MS = 60 * 60_000;

export interface SignInThrottleOptions {
  /** keys the hashes; every process sharing the document store must use the same */
  secret: string;
  clock: () => Date;
  policy?: ThrottlePolicy;
}

export class SignInThrottle {
  private readonly collection: DocumentCollection<ThrottleDocument>;
  private readonly policy: ThrottlePolicy;
  /** the last update of each document in this process; the next one waits for it */
  private readonly updating = new Map<string, Promise<unknown>>();
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(
    store: DocumentStore,
    private readonly options: SignInThrottleOptions,
  ) {
    this.collection = store.collection<ThrottleDocument>(SIGN_IN_THROTTLES);
    this.policy = options.policy ?? DEFAULT_THROTTLE_POLICY;
  }

  /** HMAC-SHA-256 (hex) of a normalized email or address; what documents and events name them by. */
  hash(kind: SignInThrottleScope, value: string): string {
    return createHmac('sha256', this.options.secret).update(`sign-in ${kind}\n${value}`).digest('hex');
  }

  /** The lock that refuses this attempt now (the longest if several), or null. */
  async lockOf(attempt: SignInAttempt): Promise<ThrottleLock | null> {
    const now = this.now();
    const ids = this.idsOf(attempt);
    const docs = await this.collection.getMany(SIGN_IN_THROTTLE_SCOPES.map((scope) => ids[scope]));
    const trusted = docs.some((doc) => doc._id === ids.account_address && doc.trusted_until > now);
    let longest: ThrottleLock | null = null;
    for (const doc of docs) {
      if (doc.locked_until <= now || (trusted && doc.scope !== 'account_address')) continue;
      if (!longest || doc.locked_until > longest.lockedUntil) longest = { scope: doc.scope, lockedUntil: doc.locked_until };
    }
    return longest;
  }

  /** Counts a failure in every scope; answers the locks it began (one per run of failures and scope). */
  async recordFailure(attempt: SignInAttempt): Promise<BegunLock[]> {
    const now = this.now();
    const ids = this.idsOf(attempt);
    const begun: BegunLock[] = [];
    for (const scope of SIGN_IN_THROTTLE_SCOPES) {
      const doc = await this.update(ids[scope], (current) => this.failed(scope, ids[scope], current, now));
      if (doc.failures === this.policy.freeFailures[scope]) {
        begun.push({ scope, lockedUntil: doc.locked_until, failures: doc.failures, accountHash: ids.accountHash, addressHash: ids.addressHash });
      }
    }
    await this.sweepNowAndThen(now);
    return begun;
  }

  /** Resets the account's counters and trusts this address for the account; the address's counter stays. */
  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    const now = this.now();
    const ids = this.idsOf(attempt);
    const trustedUntil = now + this.policy.trustedAddressMs;
    await this.update(ids.account_address, () => ({
      _id: ids.account_address,
      scope: 'account_address',
      failures: 0,
      last_failure_at: 0,
      locked_until: 0,
      trusted_until: trustedUntil,
      expires_at: trustedUntil,
    }));
    await this.update(ids.account, async () => {
      await this.collection.delete(ids.account);
      return null;
    });
  }

  /** Deletes the documents past their expiry; answers how many. */
  sweep(): Promise<number> {
    const now = this.now();
    this.sweptAt = now;
    return this.collection.deleteMany({ expires_at: { $lte: now } });
  }

  private failed(scope: SignInThrottleScope, id: string, current: ThrottleDocument | null, now: number): ThrottleDocument {
    const { freeFailures, baseMs, capMs, windowMs } = this.policy;
    const run = current && current.last_failure_at > 0 && now - current.last_failure_at < windowMs ? current : null;
    const failures = (run?.failures ?? 0) + 1;
    const waitMs = signInBackoffMs(failures, freeFailures[scope], baseMs, capMs);
    const lockedUntil = waitMs > 0 ? Math.max(run?.locked_until ?? 0, now + waitMs) : 0;
    const trustedUntil = current?.trusted_until ?? 0;
    return {
      _id: id,
      scope,
      failures,
      last_failure_at: now,
      locked_until: lockedUntil,
      trusted_until: trustedUntil,
      expires_at: Math.max(now + windowMs, trustedUntil),
    };
  }

  /** read-modify-write of one document, one at a time per document in this process */
  private update<T extends ThrottleDocument | null>(id: string, change: (current: ThrottleDocument | null) => T | Promise<T>): Promise<T> {
    const previous = this.updating.get(id) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const changed = await change(await this.collection.get(id));
        if (changed) await this.collection.upsert(changed);
        return changed;
      });
    this.updating.set(id, next);
    void next
      .finally(() => {
        if (this.updating.get(id) === next) this.updating.delete(id);
      })
      .catch(() => undefined);
    return next;
  }

  private async sweepNowAndThen(now: number): Promise<void> {
    if (now - this.sweptAt >= SWEEP_EVERY_MS) await this.sweep();
  }

  private idsOf(attempt: SignInAttempt): Record<SignInThrottleScope, string> & { accountHash: string; addressHash: string } {
    const accountHash = this.hash('account', attempt.account);
    const addressHash = this.hash('address', attempt.address);
    return {
      accountHash,
      addressHash,
      account_address: `account_address:${this.hash('account_address', `${attempt.account}\n${attempt.address}`)}`,
      account: `account:${accountHash}`,
      address: `address:${addressHash}`,
    };
  }

  private now(): number {
    return this.options.clock().getTime();
  }
}
