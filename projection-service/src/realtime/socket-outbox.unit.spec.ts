import { batchFrame, latestPerDocument, socketOutbox } from './attach-realtime';
import type { RealtimeMessage } from './realtime-hub';

const change = (collection: string, id: string, doc: unknown): RealtimeMessage => ({ type: 'changed', collection, id, doc });

/** an outbox whose tick ends when the test says so */
const outboxOf = (batched: boolean) => {
  const frames: string[] = [];
  const due: Array<() => void> = [];
  const outbox = socketOutbox((frame) => frames.push(frame), batched, (run) => due.push(run));
  const endTick = (): void => {
    for (const run of due.splice(0)) run();
  };
  return { outbox, frames, endTick, parsed: () => frames.map((frame) => JSON.parse(frame) as unknown) };
};

describe("a socket's pushes of one tick", () => {
  const cat = (text: string) => change('members', 'cat', { status: { type: 'busy', text } });
  const activity = change('activities_v3', 'group:g1', { position: 7 });
  const bar = change('widgetbars', 'members', { position: 8 });

  it('keep the last push of each document, in the order the kept ones were pushed', () => {
    expect(latestPerDocument([cat('one'), activity, cat('two'), bar])).toEqual([activity, cat('two'), bar]);
    // the same id in another collection is another document
    expect(latestPerDocument([change('members', 'x', 1), change('groups', 'x', 2)])).toEqual([change('members', 'x', 1), change('groups', 'x', 2)]);
  });

  it('go out in one batched frame after the tick to a socket that asked for it, nothing before', () => {
    const { outbox, frames, endTick, parsed } = outboxOf(true);
    outbox.send(cat('one'));
    outbox.send(activity);
    outbox.send(cat('two'));
    expect(frames).toEqual([]);
    endTick();
    expect(parsed()).toEqual([{ type: 'batch', messages: [activity, cat('two')] }]);
    expect(frames[0]).toBe(batchFrame([activity, cat('two')]));
    // a lone push is a plain frame, as a console that reads batches also reads those
    outbox.send(bar);
    endTick();
    expect(parsed()[1]).toEqual(bar);
  });

  it('go out one frame each, superseded ones dropped, to a socket that did not ask for batches', () => {
    const { outbox, endTick, parsed } = outboxOf(false);
    outbox.send(cat('one'));
    outbox.send(activity);
    outbox.send(cat('two'));
    outbox.send(bar);
    endTick();
    expect(parsed()).toEqual([activity, cat('two'), bar]);
  });

  it('go out at once when flushed (before a watch answer), and the tick then sends nothing twice', () => {
    const { outbox, frames, endTick, parsed } = outboxOf(true);
    outbox.send(activity);
    outbox.flush();
    expect(parsed()).toEqual([activity]);
    endTick();
    expect(frames).toHaveLength(1);
  });
});
