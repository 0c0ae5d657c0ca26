import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ARCHIVE_EXPIRY_SETTING, archiveExpiryMsOf, EXPIRE_FILE_ARCHIVE, eventOf, fileArchiveEvents, fileArchiveStream } from '@cn/contracts';
import type { CommandContext, EventStore, RecordedEvent } from '@cn/domain';
import { ReactorService, createScheduler, InjectPort, type DocumentStore, type EventBus, type Projector, type Scheduler } from '@cn/platform';
import type { Logger } from 'pino';
import { BlobSweep } from '../blob-sweep';
import { FileCommands } from '../file-commands';
import { fileArchiveDecider } from '../exporting-archives/file-archive.decider';

export const ARCHIVE_EXPIRY = 'command-service.archive-expiry';
/** the expiry's timers, apart from the other schedulers' (each arms every timer of its collection) */
export const ARCHIVE_EXPIRY_TIMERS_COLLECTION = '_scheduled_archive_expiry';
const ARCHIVE_EXPIRES = 'file-archive-expires';
const timerKey = (archiveId: string): string => `archive-expiry:${archiveId}`;


/**
 * Finished archive exports expire (docs/FILES.md "Archive exports"). It follows the log with its own
 * checkpoint (from the start: exports finished before it existed get their timers too) and keeps one timer
 * per finished export in the platform's durable scheduler, due the expiry period after the build finished;
 * a timer due while the service is down fires when it starts again, and an export deleted first cancels
 * it. A due timer sends ExpireFileArchive, which appends FileArchiveExpired once (on the export's stream,
 * with its expected revision: a second replica firing the same timer, or a crash and a second firing,
 * appends nothing), then removes the zip's bytes unless something else holds the same bytes. A crash
 * between the event and the removal leaves bytes no event holds, which the next firing, or else the hourly
 * sweep, removes.
 */
@Injectable()
export class ArchiveExpiry extends ReactorService {
  readonly scheduler: Scheduler;
  protected readonly projector: Projector;

  constructor(
    private readonly files: FileCommands,
    private readonly blobs: BlobSweep,
    @InjectPort('eventStore') private readonly eventStore: EventStore,
    @InjectPort('bus') bus: EventBus,
    @InjectPort('documentStore') documentStore: DocumentStore,
    @InjectPort('clock') clock: () => Date,
    @InjectPort('logger') logger: Logger,
  ) {
    super();
    this.scheduler = createScheduler({ store: documentStore, collection: ARCHIVE_EXPIRY_TIMERS_COLLECTION, clock, logger });
    this.scheduler.handle(ARCHIVE_EXPIRES, (payload) => this.expire((payload as { archive_id: string }).archive_id));
    this.projector = this.followLog({ bus, eventStore, documentStore, logger }, { name: ARCHIVE_EXPIRY, what: 'archive export expiry', from: 'start', eventTypes: ['FileArchiveFinished', 'FileArchiveExpired', 'FileArchiveDeleted'] });
  }

  protected async follow(events: readonly RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const event = eventOf(fileArchiveEvents, recorded);
      if (event?.type === 'FileArchiveFinished' && event.data.outcome === 'finished') {
        await this.scheduler.schedule(timerKey(event.data.archive_id), new Date(Date.parse(recorded.metadata.occurredAt) + archiveExpiryMsOf(process.env[ARCHIVE_EXPIRY_SETTING])), ARCHIVE_EXPIRES, { archive_id: event.data.archive_id });
      } else if (event?.type === 'FileArchiveExpired' || event?.type === 'FileArchiveDeleted') {
        await this.scheduler.cancel(timerKey(event.data.archive_id));
      }
    }
  }

  /** expires the export now (what its timer does; idempotent) and removes its zip's bytes unless held elsewhere */
  async expire(archiveId: string): Promise<void> {
    const context: CommandContext = { memberId: null, correlationId: randomUUID(), causationId: `timer:${timerKey(archiveId)}` };
    await this.files.runner.run(EXPIRE_FILE_ARCHIVE, { streamId: fileArchiveStream(archiveId), decider: fileArchiveDecider, command: { type: 'ExpireFileArchive' }, context });
    await this.removeBytes(archiveId);
  }

  /** an expired or deleted export's zip: its bytes go unless another holder names them (idempotent) */
  async removeBytes(archiveId: string): Promise<void> {
    const history = (await this.eventStore.readStream(fileArchiveStream(archiveId))).map((recorded) => eventOf(fileArchiveEvents, recorded));
    if (!history.some((event) => event?.type === 'FileArchiveExpired' || event?.type === 'FileArchiveDeleted')) return;
    for (const event of history) if (event?.type === 'FileArchiveFinished' && event.data.blob_key) await this.blobs.removeIfUnheld(event.data.blob_key);
  }

  override async onApplicationBootstrap(): Promise<void> {
    this.startReactor();
    await this.scheduler.start();
  }

  override async onApplicationShutdown(): Promise<void> {
    await this.scheduler.stop();
    await super.onApplicationShutdown();
  }
}
