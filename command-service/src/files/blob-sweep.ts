import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ORPHAN_GRACE_MS } from '@cn/contracts';
import { collectionName, eventTypesOf, type Projection, type ProjectedDocument } from '@cn/domain';
import { createDocumentProjector, INFRASTRUCTURE, sweepOrphanedBlobs, type DocumentProjector, type Infrastructure } from '@cn/platform';
import { Inject } from '@nestjs/common';
import { blobReferencesProjection, type BlobReference } from './blob-references.projection';

const widen = <D extends ProjectedDocument>(projection: Projection<D>): Projection => projection;
const SWEEP_EVERY_MS = 60 * 60_000;
export const FILES_LOOKUP_GROUP = 'command-service.files';
/** what the references apply: the lookup counts as caught up at the newest of these, whatever else was appended */
const BLOB_REFERENCE_EVENT_TYPES = eventTypesOf([blobReferencesProjection]);

/**
 * Bytes are stored before the event that names them is appended, so a crash (or a refused upload) in
 * between leaves bytes nobody sees. Every hour, blobs older than the grace period that no event names are
 * removed; the references come from the command side's own lookup, caught up with the log first.
 */
@Injectable()
export class BlobSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly projector: DocumentProjector;
  private timer: NodeJS.Timeout | null = null;

  constructor(@Inject(INFRASTRUCTURE) private readonly infra: Infrastructure) {
    this.projector = createDocumentProjector({
      acknowledgeBeforeWrite: true,
      name: FILES_LOOKUP_GROUP,
      projections: [widen(blobReferencesProjection)],
      bus: infra.bus,
      eventStore: infra.eventStore,
      documentStore: infra.documentStore,
      cipher: infra.cipher,
      logger: infra.logger,
      onError: (error) => infra.logger.error({ err: error, projector: FILES_LOOKUP_GROUP }, 'files lookup stopped'),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.projector.start();
    this.timer = setInterval(() => {
      void this.sweep().catch((error: unknown) => this.infra.logger.warn({ err: error }, 'sweeping orphaned file bytes failed'));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.projector.stop();
  }

  /** whether the lookup of referenced blobs has caught up with the log (erasure checks it before removing a member's images) */
  async caughtUp(timeoutMs = 30_000): Promise<boolean> {
    return this.projector.waitFor(await this.infra.eventStore.headPosition({ types: BLOB_REFERENCE_EVENT_TYPES }), timeoutMs);
  }

  /**
   * Removes one blob's bytes now if nothing holds them any more (an expired or deleted archive export's zip:
   * blobs are content-addressed, so a file with the same bytes keeps them). Answers whether it removed them;
   * a lookup that has not caught up throws (the caller tries again; the hourly sweep collects them anyway).
   */
  async removeIfUnheld(key: string): Promise<boolean> {
    if (!(await this.caughtUp())) throw new Error('the files lookup has not caught up with the log');
    if ((await this.infra.documentStore.collection<BlobReference>(collectionName(blobReferencesProjection)).get(key)) !== null) return false;
    await this.infra.fileStorage.delete(key);
    return true;
  }

  /** removes orphaned blobs now; answers their keys */
  async sweep(now: Date = this.infra.clock()): Promise<string[]> {
    if (!(await this.caughtUp())) return [];
    const references = this.infra.documentStore.collection<BlobReference>(collectionName(blobReferencesProjection));
    const removed = await sweepOrphanedBlobs(this.infra.fileStorage, async (key) => (await references.get(key)) !== null, { now, graceMs: ORPHAN_GRACE_MS });
    if (removed.length > 0) this.infra.logger.info({ removed: removed.length }, 'removed orphaned file bytes');
    return removed;
  }
}
