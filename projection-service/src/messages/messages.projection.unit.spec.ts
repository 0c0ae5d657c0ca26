import { messageStream } from '@cn/contracts';
import type { ProjectedDocument, Projection, RecordedEvent } from '@cn/domain';
import { recorded } from '../__tests__/events';
import { messageBodiesProjection, messageCopiesProjection, messageCopyId, type MessageCopyDocument } from './messages.projection';

/** every document after the history, each event applied `times` times as a replay would (documents skip nothing here: evolve must be harmless twice) */
const projectAll = <D extends ProjectedDocument>(projection: Projection<D>, events: readonly RecordedEvent[], times = 1): Map<string, D> => {
  const docs = new Map<string, D>();
  for (const event of events) {
    if (!projection.eventTypes.includes(event.type)) continue;
    for (const id of projection.documentIds(event)) {
      let current = docs.get(id) ?? null;
      for (let time = 0; time < times; time += 1) {
        const next = projection.evolve(current, event, id);
        current = next === null ? null : ({ ...next, _id: id, _position: event.position } as D);
      }
      if (current === null) docs.delete(id);
      else docs.set(id, current);
    }
  }
  return docs;
};

const sent = (messageId: string, recipients: string[], conversation = messageId) =>
  recorded(
    'MessageSent',
    {
      message_id: messageId,
      conversation_id: conversation,
      author_id: 'ann',
      recipient_ids: recipients,
      to_member_ids: recipients,
      to_group_ids: [],
      to_all_network_members: false,
      forwarded_message_id: null,
      subject: { $pii: 'sealed-subject', subject: 'ann' },
      content: { $pii: 'sealed-content', subject: 'ann' },
      attachments: messageId === 'm1' ? [{ file_id: 'f1', version_id: 'v1', name: 'Plan.pdf' }] : [],
    },
    { memberId: 'ann', streamId: messageStream(messageId) },
  );
const mark = (type: 'MessageMarkedRead' | 'MessageMarkedUnread' | 'MessageDeleted', messageId: string, memberId: string) =>
  recorded(type, { message_id: messageId, member_id: memberId }, { memberId, streamId: messageStream(messageId) });

describe('message copies', () => {
  const history = [sent('m1', ['bob', 'cid']), mark('MessageMarkedRead', 'm1', 'bob'), mark('MessageDeleted', 'm1', 'cid'), sent('m2', ['bob'], 'm1'), mark('MessageMarkedRead', 'm2', 'bob'), mark('MessageMarkedUnread', 'm2', 'bob')];

  it('gives the author a sent copy and each recipient an inbox copy, each with its own marks; deleting removes one copy only', () => {
    const docs = projectAll(messageCopiesProjection, history);
    expect(docs.get(messageCopyId('m1', 'ann'))).toMatchObject<Partial<MessageCopyDocument>>({ box: 'sent', read: true, member_id: 'ann', conversation_id: 'm1' });
    expect(docs.get(messageCopyId('m1', 'bob'))).toMatchObject({ box: 'inbox', read: true });
    expect(docs.has(messageCopyId('m1', 'cid'))).toBe(false);
    expect(docs.get(messageCopyId('m2', 'bob'))).toMatchObject({ box: 'inbox', read: false, conversation_id: 'm1' });
    expect([...docs.keys()].sort()).toEqual(['m1:ann', 'm1:bob', 'm2:ann', 'm2:bob']);
  });

  it('is the same when every event is applied twice (a replay is harmless)', () => {
    const strip = (docs: Map<string, ProjectedDocument>) => [...docs.values()].map(({ _position: _ignored, ...rest }) => rest);
    expect(strip(projectAll(messageCopiesProjection, history, 2))).toEqual(strip(projectAll(messageCopiesProjection, history)));
  });

  it('keeps bodies sealed as the event holds them, once per message', () => {
    const bodies = projectAll(messageBodiesProjection, history, 2);
    expect([...bodies.keys()]).toEqual(['m1', 'm2']);
    expect(bodies.get('m1')).toMatchObject({ author_id: 'ann', recipient_ids: ['bob', 'cid'], subject: { $pii: 'sealed-subject', subject: 'ann' }, content: { $pii: 'sealed-content', subject: 'ann' } });
    expect(bodies.get('m1')?.attachments).toEqual([{ file_id: 'f1', version_id: 'v1', name: 'Plan.pdf' }]);
    expect(bodies.get('m2')?.attachments).toEqual([]);
  });
});
