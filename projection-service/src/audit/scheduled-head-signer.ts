import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { SignedChainHead } from '@cn/contracts';
import { INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import { sealChainHead } from './chain-seal';

/**
 * The signed heads, kept beside the read models but not one of them: a signature attests the log at a
 * time and cannot be derived from it again, so no rebuild clears this collection. It is not written to the
 * log either: a signature there would change the head it attests and grow a quiet network's log every hour.
 */
export const CHAIN_SIGNATURES_COLLECTION = '_audit_chain_signatures';

type SignatureDocument = SignedChainHead & { _id: string; [field: string]: unknown };

/** when the next signature is due: one interval after the newest, or now when there is none */
export const nextSignatureDue = (lastSignedAt: string | null, intervalMs: number, now: Date): Date =>
  lastSignedAt === null ? now : new Date(Date.parse(lastSignedAt) + intervalMs);

/** a failed signing (the store busy, the key store away) is tried again after this, at most */
const RETRY_MS = 60_000;

/**
 * Signs the chain's head on a schedule (AUDIT_HEAD_SIGN_INTERVAL). The next time is derived from the newest
 * stored signature, so a restart neither signs again early nor waits a whole interval anew. Without a chain
 * (EventStoreDB) nothing is signed.
 */
@Injectable()
export class ScheduledHeadSigner implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(@Inject(INFRASTRUCTURE) private readonly infra: Infrastructure) {}

  private get signatures() {
    return this.infra.documentStore.collection<SignatureDocument>(CHAIN_SIGNATURES_COLLECTION);
  }

  get intervalMs(): number {
    return this.infra.config.auditHeadSignIntervalMs;
  }

  async list(limit = 100): Promise<SignedChainHead[]> {
    const docs = await this.signatures.find({}, { sort: [['signed_at', -1]], limit });
    return docs.map((doc): SignedChainHead => ({
      available: doc.available,
      position: doc.position,
      hash: doc.hash,
      signed_at: doc.signed_at,
      algorithm: doc.algorithm,
      message: doc.message,
      signature: doc.signature,
      public_key: doc.public_key,
    }));
  }

  async nextDueAt(): Promise<Date | null> {
    if (this.intervalMs <= 0 || !this.infra.eventStore.chainHead) return null;
    const [newest] = await this.list(1);
    return nextSignatureDue(newest?.signed_at ?? null, this.intervalMs, this.infra.clock());
  }

  /** signs the head as it stands now and keeps the signature; null without a chain */
  async signNow(): Promise<SignedChainHead | null> {
    const head = (await this.infra.eventStore.chainHead?.()) ?? null;
    if (head === null) return null;
    const signedAt = this.infra.clock().toISOString();
    const seal = await sealChainHead(this.infra.keyStore, head, signedAt);
    const signature: SignedChainHead = {
      available: true,
      position: head.position,
      hash: head.hash,
      signed_at: signedAt,
      algorithm: 'Ed25519',
      message: seal.message,
      signature: seal.signature,
      public_key: seal.publicKey,
    };
    await this.signatures.upsert({ _id: `${signedAt}/${head.position}`, ...signature });
    return signature;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedule();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async schedule(): Promise<void> {
    if (this.stopped) return;
    const due = await this.nextDueAt();
    if (due === null) return;
    const wait = Math.max(0, due.getTime() - this.infra.clock().getTime());
    this.timer = setTimeout(() => void this.tick(), wait);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    try {
      // Node may fire a timer a millisecond before its due time: wait the rest, never sign early
      const due = await this.nextDueAt();
      if (due !== null && this.infra.clock().getTime() < due.getTime()) return await this.schedule();
      const signed = await this.signNow();
      if (signed) this.infra.logger.info({ position: signed.position, signedAt: signed.signed_at }, 'chain head signed on schedule');
      await this.schedule();
    } catch (error) {
      this.infra.logger.warn({ err: error }, 'signing the chain head on schedule failed');
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.tick(), Math.min(RETRY_MS, Math.max(1000, this.intervalMs)));
      this.timer.unref();
    }
  }
}
