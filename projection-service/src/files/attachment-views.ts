import { FileViewed, fileViewsStream } from '@cn/contracts';
import { toNewEvents, WrongExpectedRevisionError, type EventStore } from '@cn/domain';

/** how often a view is tried again when another view of the same file landed in between */
const ATTEMPTS = 5;

export interface AttachmentViews {
  /**
   * A member who may read a post's or a message's attachment was served its bytes: that is a view of the
   * file like opening its page (docs/FILES.md "Views"), FileViewed on `fileviews-{id}`, once per member. The
   * caller has checked the read rule through the carrier first (anybody else got 404 and nothing is
   * appended). Appended with the stream's revision, so two downloads at once still count once. A failure
   * to record it never fails the download (it is logged).
   */
  record(fileId: string, memberId: string, correlationId: string): Promise<void>;
}

export const attachmentViews = (eventStore: EventStore, clock: () => Date, logger: { warn(obj: object, msg?: string): void }): AttachmentViews => ({
  record: async (fileId, memberId, correlationId) => {
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        const history = await eventStore.readStream(fileViewsStream(fileId));
        if (history.some((event) => event.type === FileViewed.type && (event.data as { member_id?: string }).member_id === memberId)) return;
        const viewed = toNewEvents([{ type: FileViewed.type, data: { file_id: fileId, member_id: memberId } }], { memberId, correlationId, causationId: `download:${fileId}` }, clock());
        try {
          await eventStore.append(fileViewsStream(fileId), viewed, { expectedRevision: history.length === 0 ? 'no_stream' : history.length - 1 });
          return;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
        }
      }
    } catch (error) {
      logger.warn({ err: error, file_id: fileId }, "recording an attachment's view failed");
    }
  },
});
