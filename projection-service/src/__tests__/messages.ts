import { messageStream } from '@cn/contracts';
import type { Harness } from './harness';

/** A direct message as the command side appends it (subject and text encrypted with the author's key); answers its position. */
export const sendMessage = async (
  harness: Harness,
  message: { id: string; author: string; recipients: string[]; subject: string; content: string; attachments?: Array<{ file_id: string; version_id: string; name: string }>; conversation_id?: string },
): Promise<number> =>
  harness.append(
    messageStream(message.id),
    'MessageSent',
    {
      message_id: message.id,
      conversation_id: message.conversation_id ?? message.id,
      author_id: message.author,
      recipient_ids: message.recipients,
      to_member_ids: message.recipients,
      to_group_ids: [],
      to_all_network_members: false,
      forwarded_message_id: null,
      subject: await harness.infra.cipher.encrypt(message.author, message.subject),
      content: await harness.infra.cipher.encrypt(message.author, message.content),
      attachments: message.attachments ?? [],
    },
    message.author,
  );
