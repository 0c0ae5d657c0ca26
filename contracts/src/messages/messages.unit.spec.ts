import { messageAbilities, messageBatchRequestSchema, messagingAbilities, mayMessageGroup, sendMessageRequestSchema, type MessageSender } from './messages';

const sender = (overrides: Partial<MessageSender> = {}): MessageSender => ({ member_id: 'me', can_send: true, network_admin: false, ...overrides });
const errorsOf = (body: unknown) => {
  const parsed = sendMessageRequestSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), key: issue.message }));
};

describe('message rules', () => {
  it('members send, administrators also to the network and any group; without the right nobody sends', () => {
    expect(messagingAbilities(sender())).toEqual({ send_direct_messages: true, send_to_network: false, send_to_any_group: false });
    expect(messagingAbilities(sender({ network_admin: true }))).toEqual({ send_direct_messages: true, send_to_network: true, send_to_any_group: true });
    expect(messagingAbilities(sender({ can_send: false, network_admin: true }))).toEqual({ send_direct_messages: false, send_to_network: false, send_to_any_group: false });
    expect(mayMessageGroup(sender(), true)).toBe(true);
    expect(mayMessageGroup(sender(), false)).toBe(false);
    expect(mayMessageGroup(sender({ network_admin: true }), false)).toBe(true);
  });

  it('replies only to received messages; forwards any held message; read marks only in the inbox', () => {
    expect(messageAbilities('inbox', sender())).toEqual({ reply: true, forward: true, mark_read: true, destroy: true });
    expect(messageAbilities('sent', sender())).toEqual({ reply: false, forward: true, mark_read: false, destroy: true });
    expect(messageAbilities('inbox', sender({ can_send: false }))).toEqual({ reply: false, forward: false, mark_read: true, destroy: true });
  });
});

describe('message requests', () => {
  it('need a recipient and a content; attachments are file ids or { id }, at most twenty', () => {
    expect(errorsOf({ content: 'Hi' })).toContainEqual(expect.objectContaining({ field: 'to', key: 'missing_recipient' }));
    expect(errorsOf({ to: ['a'], content: ' ' })).toContainEqual(expect.objectContaining({ field: 'content', key: 'required' }));
    expect(sendMessageRequestSchema.parse({ to: ['a'], content: 'x', attachments: [{ id: 'f1' }, 'f2'] }).attachments).toEqual(['f1', 'f2']);
    expect(errorsOf({ to: ['a'], content: 'x', attachments: Array.from({ length: 21 }, (_, index) => `f${index}`) })).toContainEqual(expect.objectContaining({ field: 'attachments', key: 'too_big' }));
    expect(errorsOf({ to: ['a'], content: 'x', attachments: [''] })).not.toEqual([]);
    expect(errorsOf({ to: ['a'], content: 'x', subject: 's'.repeat(256) })).toContainEqual(expect.objectContaining({ field: 'subject', key: 'too_long' }));
    expect(errorsOf({ to_all_network_members: true, content: 'x', attachments: [] })).toEqual([]);
    expect(sendMessageRequestSchema.parse({ to_group: ['g'], content: 'x' })).toMatchObject({ to: [], to_group: ['g'], to_all_network_members: false, subject: '' });
  });

  it('batches name one to a hundred messages', () => {
    expect(messageBatchRequestSchema.safeParse({ message_ids: [] }).success).toBe(false);
    expect(messageBatchRequestSchema.safeParse({ message_ids: Array.from({ length: 101 }, (_, index) => `m${index}`) }).success).toBe(false);
    expect(messageBatchRequestSchema.safeParse({ message_ids: ['m1'] }).success).toBe(true);
  });
});
