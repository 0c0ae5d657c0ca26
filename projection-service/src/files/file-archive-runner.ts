import { Inject, Injectable } from '@nestjs/common';
import { eventOf, FILE_ARCHIVES_COLLECTION, fileArchiveEvents, fileArchiveStream } from '@cn/contracts';
import { toNewEvents, type RecordedEvent } from '@cn/domain';
import { ReactorService, INFRASTRUCTURE, isStorageFault, zipArchive, type Infrastructure, type Projector } from '@cn/platform';
import { viewerOf } from '../calendars/calendars.read';
import { PROJECTION_RUNTIME } from '../core/projection-core';
import { loadActiveMember } from '../members/members.read';
import type { ProjectionServiceRuntime } from '../projection-runtime';
import { archiveEntries } from './archive-entries';
import { ARCHIVE_BUILDS_SETTING, archiveBuildsOf, createArchiveBuilds, type ArchiveBuilds } from './archive-builds';
import { FILE_ARCHIVE_PROGRESS_COLLECTION, type FileArchiveProgressDocument } from './file-archives.projection';

export const FILE_ARCHIVE_RUNNER = 'projection-service.file-archives';
/** how long a build waits for this process's read models to have the request (and what preceded it) */
const READ_MODELS_TIMEOUT_MS = 30_000;

type Requested = Extract<NonNullable<ReturnType<typeof eventOf<typeof fileArchiveEvents>>>, { type: 'FileArchiveRequested' }>;

/** what a queued build needs: the request, its place in the log and its ids (for the outcome's metadata) */
export interface ArchiveBuildPayload {
  request: Requested['data'];
  position: number;
  event_id: string;
  correlation_id: string;
}

/** the build was aborted: its claim lapsed and another process holds it (nothing more is written) */
class ClaimLost extends Error {
  constructor() {
    super('claim_lost');
  }
}

/** the zip's bytes, stopped before the next chunk once the build's claim is lost */
async function* whileClaimed(source: AsyncIterable<Uint8Array>, signal: AbortSignal): AsyncIterable<Uint8Array> {
  for await (const chunk of source) {
    if (signal.aborted) throw new ClaimLost();
    yield chunk;
  }
}

/**
 * Builds the archive exports: follows the log for FileArchiveRequested (from the start, with its own
 * checkpoint) and puts each request not yet finished in the build queue (`archive-builds.ts`): a document
 * in the shared store, so a build a stop or crash cut short runs again after the restart, claimed once
 * across replicas (the loser never starts), at most `FILE_ARCHIVE_BUILDS` (default 2) at once per process.
 * A build reads what the member may read now (the read models caught up with the request), streams the
 * zip into the file storage (the disk store or S3, through the port) and records the outcome on the
 * archive's stream, FileArchiveFinished naming the zip's blob (the blob sweep keeps it). While it streams,
 * the share of the entries' bytes read so far is kept in `file_archive_progress` and pushed to the member's
 * consoles at every whole percent. A request already finished (a replay, or another replica's) is skipped.
 */
@Injectable()
export class FileArchiveRunner extends ReactorService {
  protected readonly projector: Projector;
  readonly builds: ArchiveBuilds<ArchiveBuildPayload>;
  /** zips this process started writing (a build that found the export finished writes none) */
  readonly written = { zips: 0 };

  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    @Inject(PROJECTION_RUNTIME) private readonly runtime: ProjectionServiceRuntime,
  ) {
    super();
    this.builds = createArchiveBuilds<ArchiveBuildPayload>({
      store: infra.documentStore,
      clock: infra.clock,
      logger: infra.logger,
      concurrency: archiveBuildsOf(process.env[ARCHIVE_BUILDS_SETTING]),
      build: (payload, signal) => this.build(payload, signal),
    });
    this.projector = this.followLog(infra, { name: FILE_ARCHIVE_RUNNER, what: 'file archive exports', from: 'start', eventTypes: ['FileArchiveRequested'] });
  }

  override async onApplicationBootstrap(): Promise<void> {
    await this.builds.start();
    this.startReactor();
  }

  override async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    await this.builds.stop();
  }

  protected async follow(events: readonly RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const event = eventOf(fileArchiveEvents, recorded);
      if (event?.type !== 'FileArchiveRequested' || (await this.finished(event.data.archive_id))) continue;
      await this.builds.enqueue(event.data.archive_id, { request: event.data, position: recorded.position, event_id: recorded.id, correlation_id: recorded.metadata.correlationId });
    }
  }

  private async finished(id: string): Promise<boolean> {
    return (await this.infra.eventStore.readStream(fileArchiveStream(id))).some((event) => event.type === 'FileArchiveFinished');
  }

  /** builds one claimed export (see the class); throws to have it tried again later */
  private async build(job: ArchiveBuildPayload, claim: AbortSignal): Promise<void> {
    const { request } = job;
    const { archive_id: id, member_id: memberId } = request;
    // claimed now: another replica may have finished it before
    if (await this.finished(id)) return;
    const progress = this.infra.documentStore.collection<FileArchiveProgressDocument>(FILE_ARCHIVE_PROGRESS_COLLECTION);
    let writes = Promise.resolve();
    const report = (percent: number): void => {
      writes = writes
        .then(() => progress.upsert({ _id: id, progress: percent }))
        .then(() => this.runtime.hub.publishTo(memberId, { type: 'changed', collection: FILE_ARCHIVES_COLLECTION, id, doc: { position: job.position, progress: percent } }))
        .catch((error: unknown) => this.infra.logger.warn({ err: error, archive_id: id }, 'recording an archive export\'s progress failed'));
    };
    let outcome: { outcome: 'finished' | 'failed'; blob_key: string | null; bytes: number; entries: number; error: string | null };
    try {
      if (!(await this.runtime.readModels.waitFor(job.position, READ_MODELS_TIMEOUT_MS))) throw new Error('read models behind the request');
      const member = await loadActiveMember(this.infra.documentStore, memberId);
      if (!member) throw new Error('member_gone');
      const entries = await archiveEntries(this.infra.documentStore, request.file_ids, request.folder_ids, await viewerOf(this.infra.documentStore, member));
      const total = entries.reduce((sum, entry) => sum + (entry.size ?? 0), 0);
      let shown = 0;
      report(0);
      this.written.zips += 1;
      const stored = await this.infra.fileStorage.put(
        whileClaimed(
          zipArchive(this.infra.fileStorage, entries, (read) => {
            const percent = total === 0 ? 100 : Math.min(99, Math.floor((read / total) * 100));
            if (percent > shown) {
              shown = percent;
              report(percent);
            }
          }),
          claim,
        ),
      );
      outcome = { outcome: 'finished', blob_key: stored.key, bytes: stored.size, entries: entries.length, error: null };
    } catch (error) {
      await writes;
      // a full or unreachable store: the queue tries the request again instead of giving it up; a lost claim is the other process's now
      if (isStorageFault(error) || claim.aborted) throw error;
      this.infra.logger.warn({ err: error, archive_id: id }, 'an archive export failed');
      outcome = { outcome: 'failed', blob_key: null, bytes: 0, entries: 0, error: error instanceof Error ? error.message : 'failed' };
    }
    await writes;
    if (claim.aborted) throw new ClaimLost();
    const finished = toNewEvents([{ type: 'FileArchiveFinished', data: { archive_id: id, ...outcome } }], { memberId, correlationId: job.correlation_id, causationId: job.event_id }, this.infra.clock());
    // revision 0: the request alone; another replica (or a replay) that finished it first wins
    await this.infra.eventStore.append(fileArchiveStream(id), finished, { expectedRevision: 0 }).catch(async (error: unknown) => {
      const now = await this.infra.eventStore.readStream(fileArchiveStream(id));
      if (!now.some((event) => event.type === 'FileArchiveFinished')) throw error;
    });
    await progress.delete(id);
  }
}
