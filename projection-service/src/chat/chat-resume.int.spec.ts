import { randomUUID } from 'node:crypto';
import { chatStream } from '@cn/contracts';
import { collectionName, type RecordedEvent } from '@cn/domain';
import { startHarness, type Harness } from '../__tests__/harness';
import { changeRouter } from '../realtime/change-publisher';
import { RealtimeHub } from '../realtime/realtime-hub';
import { chatHubOf } from './chat-hub';
import { chatReaderOf, messageDtos, missedMessages, type ChatReader } from './chat-views';
import { chatMessagesProjection, type ChatMessageDocument } from './chat.projections';
import { chatPublishers } from './chat.realtime';

/**
 * A message is passed on from its event before its document is written (`wholeFromOneEvent`). A console
 * that resumes in that instant gets it from the hub's memory of recent messages, merged with what the store
 * answers: once, in order, only where the member may read it.
 */
describe('resuming between a message push and its write', () => {
  let h: Harness;
  let position = 0;
  beforeAll(async () => {
    h = await startHarness();
    await h.register('ann', 'Ann', 'Archer');
    await h.register('bob', 'Bob', 'Baker');
    await h.register('eve', 'Eve', 'Evans');
    for (const seq of [1, 2]) position = await h.append(chatStream('m.ann.bob'), 'ChatMessagePosted', await posted('m.ann.bob', `ann-${seq}`, seq, 'ann'), 'ann');
    expect(await h.service.runtime.gate.waitFor(position, 10_000)).toBe(true);
  });
  afterAll(() => h.close());

  const posted = async (key: string, id: string, seq: number, author: string) => ({
    chat_key: key,
    message_id: id,
    seq,
    author_id: author,
    text: await h.infra.cipher.encrypt(author, `text of ${id}`),
    quoted_message_id: null,
  });

  /** what the follower passes on for an event not written yet: the document its one event makes */
  const passedOn = async (key: string, id: string, seq: number, author: string) => {
    position += 1;
    const event: RecordedEvent = {
      id: randomUUID(),
      type: 'ChatMessagePosted',
      data: await posted(key, id, seq, author),
      metadata: { memberId: author, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
      streamId: chatStream(key),
      revision: seq - 1,
      position,
      recordedAt: new Date().toISOString(),
    };
    const doc = chatMessagesProjection.evolve(null, event, id) as ChatMessageDocument;
    return { collection: collectionName(chatMessagesProjection), id, doc, event };
  };

  const bob = async (): Promise<ChatReader> => (await chatReaderOf(h.infra.documentStore, 'bob')) as ChatReader;

  it('replays a pushed but unwritten message with the stored ones, each once, and only to members of its chat', async () => {
    // this runtime's hub has nobody connected (the console is reconnecting): the router still remembers
    const hub = new RealtimeHub();
    const router = changeRouter(hub, chatPublishers(h.infra.documentStore, h.infra.cipher, () => new Date()));
    router.route(await passedOn('m.ann.bob', 'ann-3', 3, 'ann'));
    // a chat that begins while bob is away, its chat document not written either
    router.route(await passedOn('m.bob.eve', 'eve-1', 1, 'eve'));
    // not bob's: a chat of others, and a chat with someone who does not exist
    router.route(await passedOn('m.ann.eve', 'ann-eve-1', 1, 'ann'));
    router.route(await passedOn('m.bob.nobody', 'nobody-1', 1, 'bob'));
    await router.flushed();
    const recent = chatHubOf(hub).recent.all();
    expect(recent.map((doc) => doc._id)).toEqual(['ann-3', 'eve-1', 'ann-eve-1', 'nobody-1']);

    const store = h.infra.documentStore;
    const reader = await bob();
    // without the memory the store answers only what it has written
    expect((await missedMessages(store, reader, { 'member/ann': 1 }, 1_000)).map((doc) => doc._id)).toEqual(['ann-2']);
    const missed = await missedMessages(store, reader, { 'member/ann': 1 }, 1_000, recent);
    expect(missed.map((doc) => doc._id)).toEqual(['ann-2', 'ann-3', 'eve-1']);
    const shown = await messageDtos(store, h.infra.cipher, reader, missed);
    expect(shown.map((message) => [message.chat_id, message.seq, message.text])).toEqual([
      ['member/ann', 2, 'text of ann-2'],
      ['member/ann', 3, 'text of ann-3'],
      ['member/eve', 1, 'text of eve-1'],
    ]);
    // a console that already has seq 3 and eve's first gets nothing again
    expect(await missedMessages(store, reader, { 'member/ann': 3, 'member/eve': 1 }, 1_000, recent)).toEqual([]);
  });

  it('answers a message once when the store has written it meanwhile', async () => {
    const written = await h.append(chatStream('m.ann.bob'), 'ChatMessagePosted', await posted('m.ann.bob', 'ann-4', 4, 'ann'), 'ann');
    expect(await h.service.runtime.gate.waitFor(written, 10_000)).toBe(true);
    const [stored] = await h.infra.documentStore.collection<ChatMessageDocument>(collectionName(chatMessagesProjection)).find({ chat_key: 'm.ann.bob', seq: 4 });
    const hub = chatHubOf(new RealtimeHub());
    hub.recent.remember(stored);
    const missed = await missedMessages(h.infra.documentStore, await bob(), { 'member/ann': 3 }, 1_000, hub.recent.all());
    expect(missed.map((doc) => doc._id)).toEqual(['ann-4']);
  });
});
