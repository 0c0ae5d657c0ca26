import { applyAll, fakeCipher, memoryIndex, recordedEvent } from '../__tests__/memory-index';
import { messagesIndexing, type MessageSearchDocument } from './messages-index';

describe('messages search indexing', () => {
  const { cipher, erase, pii } = fakeCipher();
  const sent = (id: string, author: string, recipients: string[], subject: string, content: string) =>
    recordedEvent('MessageSent', {
      message_id: id,
      conversation_id: id,
      author_id: author,
      recipient_ids: recipients,
      to_member_ids: recipients.slice(0, 1),
      to_group_ids: [],
      to_all_network_members: false,
      forwarded_message_id: null,
      subject: pii(author, subject),
      content: pii(author, content),
    });
  const setup = async (events: Parameters<typeof applyAll>[1]) => {
    const index = memoryIndex<MessageSearchDocument>();
    await applyAll(messagesIndexing(index.collection, cipher), events);
    return index.docs;
  };

  it('reveals subject and content with the author’s key and lets only author and recipients find it', async () => {
    const docs = await setup([sent('m1', 'ann', ['bob', 'cid'], 'Rehearsal', 'Meet at the hall')]);
    expect(docs.get('m1')).toMatchObject({ subject: 'Rehearsal', content: 'Meet at the hall', author_id: 'ann', holder_ids: ['ann', 'bob', 'cid'], to_member_ids: ['bob'] });
  });

  it('drops a participant who deleted their copy, and the message once nobody holds it', async () => {
    const docs = await setup([
      sent('m1', 'ann', ['bob'], 'Hi', 'text'),
      recordedEvent('MessageDeleted', { message_id: 'm1', member_id: 'bob' }),
    ]);
    expect(docs.get('m1')?.holder_ids).toEqual(['ann']);
    const gone = await setup([sent('m1', 'ann', ['bob'], 'Hi', 'text'), recordedEvent('MessageDeleted', { message_id: 'm1', member_id: 'bob' }), recordedEvent('MessageDeleted', { message_id: 'm1', member_id: 'ann' })]);
    expect(gone.size).toBe(0);
  });

  it('removes an erased author’s messages, also when replayed after the erasure (their key gone)', async () => {
    const events = [sent('m1', 'dan', ['bob'], 'Secret plan', 'only for bob'), sent('m2', 'bob', ['dan'], 'Re', 'ok'), recordedEvent('MemberErased', { member_id: 'dan' })];
    const docs = await setup(events);
    expect([...docs.keys()]).toEqual(['m2']);
    erase('dan');
    const replayed = await setup(events);
    expect([...replayed.keys()]).toEqual(['m2']);
  });
});
