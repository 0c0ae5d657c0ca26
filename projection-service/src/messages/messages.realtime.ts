import { MESSAGES_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ChangePublisher } from '../realtime/change-publisher';
import { messageCopiesProjection, type MessageCopyDocument } from './messages.projection';

/**
 * A copy appeared, was marked or deleted: only the member who holds it hears it, on every console (their
 * inbox, sent box and badge read again). The push names the message and the position, never its content.
 */
export const messageCopiesPublisher = (): ChangePublisher => ({
  collection: collectionName(messageCopiesProjection),
  publish: (change, hub) => {
    const doc = change.doc as MessageCopyDocument | null;
    const [messageId, memberId] = doc ? [doc.message_id, doc.member_id] : splitCopyId(change.id);
    if (memberId) hub.publishTo(memberId, { type: 'changed', collection: MESSAGES_COLLECTION, id: messageId, doc: { position: change.event.position } });
    return Promise.resolve();
  },
});

/** a deleted copy's id is all that is left of it: `<message id>:<member id>` (message ids hold no ':') */
const splitCopyId = (id: string): [string, string] => {
  const at = id.indexOf(':');
  return at < 0 ? [id, ''] : [id.slice(0, at), id.slice(at + 1)];
};
