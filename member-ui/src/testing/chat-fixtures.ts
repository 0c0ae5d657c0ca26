import type { ChatDto } from '@cn/contracts';

/** a member chat with Bob as the console lists it: nothing unread, nothing muted, writable, no draft */
export const aChatDto = (partial: Partial<ChatDto> = {}): ChatDto => ({
  id: 'member/bob',
  type: 'member',
  name: 'Bob',
  image_id: null,
  image_url: null,
  last_message: null,
  last_interacted_at: null,
  state: { last_read_id: null, last_read_seq: 0 },
  unread_count: 0,
  muted: false,
  muted_until: null,
  app_muted_until: null,
  status: null,
  partner_state: { last_received_id: null, last_read_id: null, last_received_seq: 0, last_read_seq: 0 },
  can: { read: true, write: true, start_private_chat: false },
  write: true,
  draft: null,
  ...partial,
});
