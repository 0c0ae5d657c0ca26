import type { MessageEvent, MessageSender } from '@cn/contracts';
import { deciderSpecification, refusalOf } from '@cn/platform/testing';
import { messageDecider, type MarkMessage, type MessageCommand, type RecipientGroup, type SendMessage } from './message.decider';

const spec = deciderSpecification(messageDecider);
const refusal = (given: MessageEvent[], command: MessageCommand) => refusalOf(() => spec.decide(given, command));

const sender = (overrides: Partial<MessageSender> = {}): MessageSender => ({ member_id: 'ann', can_send: true, network_admin: false, ...overrides });
const group = (overrides: Partial<RecipientGroup> = {}): RecipientGroup => ({ group_id: 'g1', exists: true, sender_is_admin: true, member_ids: ['ann', 'bob', 'cid'], ...overrides });
const send = (overrides: Partial<SendMessage> = {}): SendMessage => ({
  type: 'SendMessage',
  message_id: 'm1',
  sender: sender(),
  to: [{ member_id: 'bob', active: true }],
  to_group: [],
  to_all_network_members: false,
  network_member_ids: [],
  conversation: null,
  forwarded: null,
  attachments: [],
  subject: 'Hello',
  content: 'How are you?',
  ...overrides,
});
const sent = (overrides: Partial<Extract<MessageEvent, { type: 'MessageSent' }>['data']> = {}): MessageEvent => ({
  type: 'MessageSent',
  data: {
    message_id: 'm1',
    conversation_id: 'm1',
    author_id: 'ann',
    recipient_ids: ['bob'],
    to_member_ids: ['bob'],
    to_group_ids: [],
    to_all_network_members: false,
    forwarded_message_id: null,
    subject: 'Hello',
    content: 'How are you?',
    attachments: [],
    ...overrides,
  },
});
const mark = (member_id: string, action: MarkMessage['action'], box: MarkMessage['box'] = 'any'): MarkMessage => ({ type: 'MarkMessage', member_id, action, box });

describe('messages: sending', () => {
  it('sends to the members named, once per id', () => {
    expect(spec.decide([], send())).toEqual([sent()]);
    expect(refusal([sent()], send())).toMatchObject({ key: 'concurrency_conflict', kind: 'conflict' });
  });

  it('refuses a member who may not send direct messages', () => {
    expect(refusal([], send({ sender: sender({ can_send: false }) }))).toMatchObject({ key: 'forbidden', kind: 'forbidden' });
  });

  it('needs a recipient other than the sender', () => {
    expect(refusal([], send({ to: [] }))).toMatchObject({ key: 'missing_recipient', kind: 'invalid', field: 'to' });
    expect(refusal([], send({ to: [{ member_id: 'ann', active: true }] }))).toMatchObject({ key: 'missing_recipient', field: 'to' });
    expect(refusal([], send({ to: [], to_group: [group({ member_ids: ['ann'] })] }))).toMatchObject({ key: 'missing_recipient' });
  });

  it('refuses unknown or erased members and unknown groups', () => {
    expect(refusal([], send({ to: [{ member_id: 'ghost', active: false }] }))).toMatchObject({ key: 'unknown_recipient', kind: 'refused', field: 'to' });
    expect(refusal([], send({ to_group: [group({ exists: false, member_ids: [] })] }))).toMatchObject({ key: 'unknown_recipient', field: 'to_group' });
  });

  it('expands a group to its members at send time, leaving the sender out, and records it', () => {
    const [event] = spec.decide([], send({ to: [{ member_id: 'dan', active: true }], to_group: [group()] }));
    expect(event).toMatchObject({ type: 'MessageSent', data: { recipient_ids: ['dan', 'bob', 'cid'], to_member_ids: ['dan'], to_group_ids: ['g1'] } });
  });

  it('lets non-administrators message only groups they administer; network administrators any group', () => {
    expect(refusal([], send({ to_group: [group({ sender_is_admin: false })] }))).toMatchObject({ key: 'not_group_admin', kind: 'forbidden', field: 'to_group' });
    expect(spec.decide([], send({ sender: sender({ network_admin: true }), to_group: [group({ sender_is_admin: false })] }))).toHaveLength(1);
  });

  it('sends to the whole network only for network administrators', () => {
    const all = { to: [], to_all_network_members: true, network_member_ids: ['ann', 'bob', 'cid', 'dan'] };
    expect(refusal([], send({ ...all, network_member_ids: [] }))).toMatchObject({ key: 'network_admins_only', kind: 'forbidden', field: 'to_all_network_members' });
    const [event] = spec.decide([], send({ ...all, sender: sender({ network_admin: true }) }));
    expect(event).toMatchObject({ data: { recipient_ids: ['bob', 'cid', 'dan'], to_all_network_members: true } });
  });

  it('continues a conversation the sender holds; refuses one they do not', () => {
    const [event] = spec.decide([], send({ conversation: { conversation_id: 'm0', held: true } }));
    expect(event).toMatchObject({ data: { conversation_id: 'm0' } });
    expect(refusal([], send({ conversation: { conversation_id: 'm0', held: false } }))).toMatchObject({ key: 'unknown_conversation', kind: 'not_found', field: 'conversation_starter_id' });
  });

  it('forwards only a message the sender holds', () => {
    const [event] = spec.decide([], send({ forwarded: { message_id: 'm0', held: true, attachments: [] } }));
    expect(event).toMatchObject({ data: { forwarded_message_id: 'm0', conversation_id: 'm1' } });
    expect(refusal([], send({ forwarded: { message_id: 'm0', held: false, attachments: [] } }))).toMatchObject({ key: 'not_found', field: 'forwarded_message_id' });
  });
});

describe('messages: read, unread and delete for oneself', () => {
  const data = { message_id: 'm1', member_id: 'bob' };

  it('a recipient marks their copy read and unread; what already holds changes nothing', () => {
    expect(spec.decide([sent()], mark('bob', 'read'))).toEqual([{ type: 'MessageMarkedRead', data }]);
    expect(spec.decide([sent(), { type: 'MessageMarkedRead', data }], mark('bob', 'read'))).toEqual([]);
    expect(spec.decide([sent()], mark('bob', 'unread'))).toEqual([]);
    expect(spec.decide([sent(), { type: 'MessageMarkedRead', data }], mark('bob', 'unread'))).toEqual([{ type: 'MessageMarkedUnread', data }]);
  });

  it('the sent copy has no read marks', () => {
    expect(refusal([sent()], mark('ann', 'read'))).toMatchObject({ key: 'not_found', kind: 'not_found' });
    expect(refusal([sent()], mark('ann', 'unread'))).toMatchObject({ key: 'not_found' });
  });

  it('deleting removes only one\'s own copy; the other keeps theirs', () => {
    expect(spec.decide([sent()], mark('bob', 'delete', 'inbox'))).toEqual([{ type: 'MessageDeleted', data }]);
    const deletedByBob: MessageEvent = { type: 'MessageDeleted', data };
    expect(refusal([sent(), deletedByBob], mark('bob', 'read'))).toMatchObject({ key: 'not_found' });
    expect(spec.decide([sent(), deletedByBob], mark('ann', 'delete', 'sent'))).toEqual([{ type: 'MessageDeleted', data: { message_id: 'm1', member_id: 'ann' } }]);
  });

  it('a message the member does not hold, or in another box, does not exist for them', () => {
    expect(refusal([], mark('bob', 'read'))).toMatchObject({ key: 'not_found', kind: 'not_found', field: 'message_ids' });
    expect(refusal([sent()], mark('eve', 'delete'))).toMatchObject({ key: 'not_found' });
    expect(refusal([sent()], mark('bob', 'delete', 'sent'))).toMatchObject({ key: 'not_found' });
    expect(refusal([sent()], mark('ann', 'delete', 'inbox'))).toMatchObject({ key: 'not_found' });
  });
});

describe('messages: attachments', () => {
  const file = (file_id: string) => ({ file_id, version_id: `${file_id}-v1`, name: `${file_id}.pdf` });
  const readable = { published_in_visible_scope: false, own_upload: true };
  const unreadable = { published_in_visible_scope: false, own_upload: false };

  it('carries the sender\'s own uploads and files they may read, pinned to the version attached', () => {
    const [event] = spec.decide([], send({ attachments: [{ attachment: file('f1'), facts: readable }, { attachment: file('f2'), facts: { published_in_visible_scope: true, own_upload: false } }] }));
    expect(event).toMatchObject({ data: { attachments: [file('f1'), file('f2')] } });
  });

  it('refuses a file the sender may not read or that does not exist, naming the item, alike', () => {
    expect(refusal([], send({ attachments: [{ attachment: file('f1'), facts: readable }, { attachment: file('f2'), facts: unreadable }] }))).toMatchObject({
      key: 'unknown_attachment',
      kind: 'refused',
      field: 'attachments.1',
    });
    expect(refusal([], send({ attachments: [{ attachment: null, facts: unreadable }] }))).toMatchObject({ key: 'unknown_attachment', field: 'attachments.0' });
  });

  it('a forward keeps the forwarded message\'s attachments, once each', () => {
    const [event] = spec.decide([], send({ forwarded: { message_id: 'm0', held: true, attachments: [file('f1'), file('f2')] }, attachments: [{ attachment: file('f1'), facts: readable }] }));
    expect(event).toMatchObject({ data: { attachments: [file('f1'), file('f2')] } });
  });

  it('the message state remembers the attachments for forwarding', () => {
    expect(spec.decide([sent({ attachments: [file('f1')] })], mark('bob', 'read'))).toHaveLength(1);
    expect(messageDecider.evolve(messageDecider.initialState(), sent({ attachments: [file('f1')] }))).toMatchObject({ attachments: [file('f1')] });
  });
});
