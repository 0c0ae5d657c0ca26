import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DEFAULT_UPLOAD_EXPIRY_HOURS, eventOf, fileEvents } from '@cn/contracts';
import type { CommandContext, EventStore, RecordedEvent } from '@cn/domain';
import { ReactorService, createScheduler, InjectPort, SCHEDULER_COLLECTION, type DocumentStore, type EventBus, type Projector, type ScheduledTimer, type Scheduler } from '@cn/platform';
import type { Logger } from 'pino';
import { FileCommands } from '../file-commands';

export const UPLOAD_EXPIRY = 'command-service.upload-expiry';
export const EXPIRE_UPLOAD = 'ExpireUpload';
const UPLOAD_EXPIRES = 'file-upload-expires';
const timerKey = (fileId: string): string => `upload-expiry:${fileId}`;
/** ids as the command side makes them (uuids): how another module's event names an upload it carries */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** the file events `follow` acts on while no upload waits (an upload starts or stops waiting) */
const WAITING_OR_RELEASED = ['FileUploaded', 'FileRestored', 'FilePublished', 'FileRemoved', 'FileUploadExpired'];
/** how long an upload may wait for a catch-up of this follower before its timer is tried again */
const CATCH_UP_MS = 30_000;

/** FILES_UPLOAD_EXPIRY_HOURS (a positive number, fractions allowed), else DEFAULT_UPLOAD_EXPIRY_HOURS */
export const uploadExpiryMs = (env: NodeJS.ProcessEnv = process.env): number => {
  const hours = Number(env['FILES_UPLOAD_EXPIRY_HOURS'] ?? DEFAULT_UPLOAD_EXPIRY_HOURS);
  return (Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_UPLOAD_EXPIRY_HOURS) * 60 * 60_000;
};

/**
 * Uploads that stay volatile expire. It follows the log with its own checkpoint (from the start on its first
 * run: uploads older than it get their timers too) and keeps one timer per upload in the platform's durable
 * scheduler, due the expiry period after the upload: a timer due while the service is down fires when it
 * starts again. An upload stops waiting for its expiry when it is published, discarded or expired, and when
 * any other module's event names it (a message, a post, an appointment or an app record carrying it keeps
 * it volatile for good, read through its carrier). A due timer first lets this follower catch up with the
 * log (so a carrier appended before it counts), then sends ExpireUpload, which appends FileUploadExpired only
 * while the upload is still volatile; the blob references then let go of its bytes and the sweep collects
 * them. What remains is the moment between that catch-up and the append: a carrier appended in it names an
 * upload that has just expired (its readers get 404), which the period (a day by default) makes unlikely.
 */
@Injectable()
export class UploadExpiry extends ReactorService {
  readonly scheduler: Scheduler;
  protected readonly projector: Projector;
  /** the uploads waiting for their expiry (those with a timer) */
  private readonly waiting = new Set<string>();

  constructor(
    private readonly files: FileCommands,
    @InjectPort('eventStore') private readonly eventStore: EventStore,
    @InjectPort('bus') bus: EventBus,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
    @InjectPort('clock') clock: () => Date,
    @InjectPort('logger') logger: Logger,
  ) {
    super();
    this.scheduler = createScheduler({ store: documentStore, clock, logger });
    this.scheduler.handle(UPLOAD_EXPIRES, (payload) => this.expire((payload as { file_id: string }).file_id));
    this.projector = this.followLog(
      { bus, eventStore, documentStore, logger },
      {
        name: UPLOAD_EXPIRY,
        what: 'upload expiry',
        from: 'start',
        // while no upload waits, only the file events `follow` acts on: a restart's catch-up then reads those
        // rows of the log, not all of them (a carrier is looked for only while an upload waits)
        varyingTypes: {
          now: () => (this.waiting.size > 0 ? undefined : WAITING_OR_RELEASED),
          widensAfter: (event) => event.type === 'FileUploaded' || event.type === 'FileRestored',
        },
      },
    );
  }

  protected async follow(events: readonly RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const event = eventOf(fileEvents, recorded);
      if (event?.type === 'FileUploaded') {
        await this.wait(event.data.file_id, recorded.metadata.occurredAt);
      } else if (event?.type === 'FileRestored') {
        // a discarded upload a failed batch restored waits again, from its upload on
        const [upload] = await this.eventStore.readStream(recorded.streamId);
        if (upload && (await this.files.fileState(event.data.file_id)).state === 'volatile') await this.wait(event.data.file_id, upload.metadata.occurredAt);
      } else if (event?.type === 'FilePublished' || event?.type === 'FileRemoved' || event?.type === 'FileUploadExpired') {
        await this.release(event.data.file_id);
      } else if (!event && this.waiting.size > 0) {
        // another module's event carrying an upload: it is no longer the uploader's draft alone
        for (const id of JSON.stringify(recorded.data).match(UUID) ?? []) if (this.waiting.has(id)) await this.release(id);
      }
    }
  }

  private async wait(fileId: string, uploadedAt: string): Promise<void> {
    await this.scheduler.schedule(timerKey(fileId), new Date(Date.parse(uploadedAt) + uploadExpiryMs()), UPLOAD_EXPIRES, { file_id: fileId });
    this.waiting.add(fileId);
  }

  private async release(fileId: string): Promise<void> {
    if (!this.waiting.delete(fileId)) return;
    await this.scheduler.cancel(timerKey(fileId));
  }

  private async expire(fileId: string): Promise<void> {
    // a carrier or a publication already in the log counts: catch up first (else the timer is tried again)
    if (!(await this.projector.waitFor(await this.eventStore.headPosition(), CATCH_UP_MS))) throw new Error('the upload expiry has not caught up with the log');
    if (!this.waiting.has(fileId)) return;
    const context: CommandContext = { memberId: null, correlationId: randomUUID(), causationId: `timer:${timerKey(fileId)}` };
    await this.files.runFile(EXPIRE_UPLOAD, fileId, context, { type: 'ExpireUpload' });
    this.waiting.delete(fileId);
  }

  override async onApplicationBootstrap(): Promise<void> {
    // the uploads that were waiting when the service stopped (their timers are stored)
    const timers = await this.documentStore.collection<ScheduledTimer>(SCHEDULER_COLLECTION).find({ kind: UPLOAD_EXPIRES });
    for (const timer of timers) this.waiting.add((timer.payload as { file_id: string }).file_id);
    this.startReactor();
    await this.scheduler.start();
  }

  override async onApplicationShutdown(): Promise<void> {
    await this.scheduler.stop();
    await super.onApplicationShutdown();
  }
}
