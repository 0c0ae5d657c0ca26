import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { BusConsumer, EventBus } from '@cn/platform/event-bus';
import type { EventStore, RecordedEvent } from '@cn/platform/event-store';
import type { ContractTarget } from './contract-target';
import { describeContract, eventually, pause } from './contract-target';
import { newTestEvent } from './event-store.contract';

/**
 * The bus is fed by the event store (the embedded bus follows its log, Kafka is fed by the relay), so a
 * bus under test comes with the event store whose appends it delivers.
 */
export interface EventBusUnderTest {
  subject: EventBus;
  eventStore: EventStore;
  cleanup: () => Promise<void>;
}

export type EventBusContractTarget = ContractTarget<EventBusUnderTest>;

export const describeEventBusContract = (adapterName: string, target: EventBusContractTarget): void =>
  describeContract(`${adapterName} event bus`, target, (create) => {
    let bus: EventBus;
    let store: EventStore;
    let cleanup: () => Promise<void>;
    const consumers: BusConsumer[] = [];
    // events of other tests may share the topic or log: each test only looks at its own streams
    let streams: Set<string>;
    beforeEach(async () => {
      ({ subject: bus, eventStore: store, cleanup } = await create());
      streams = new Set();
    });
    afterEach(async () => {
      await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
      await cleanup();
    });

    const newStream = (): string => {
      const stream = `bus-contract-${randomUUID()}`;
      streams.add(stream);
      return stream;
    };
    const append = async (stream: string, types: string[]): Promise<void> => {
      const current = await store.readStream(stream);
      await store.append(stream, types.map((type) => newTestEvent(type)), {
        expectedRevision: current.length === 0 ? 'no_stream' : current.length - 1,
      });
    };
    const consume = async (groupId: string, received: RecordedEvent[], onEvent?: (event: RecordedEvent) => Promise<void>): Promise<BusConsumer> => {
      const consumer = await bus.consume({
        groupId,
        handler: async (event) => {
          if (!streams.has(event.streamId)) return;
          await onEvent?.(event);
          received.push(event);
        },
      });
      consumers.push(consumer);
      return consumer;
    };
    const types = (events: RecordedEvent[], stream?: string): string[] =>
      events.filter((event) => stream === undefined || event.streamId === stream).map((event) => event.type);
    const newGroup = (): string => `contract-${randomUUID()}`;

    it('delivers every event of each stream in order, before and after the consumer starts', async () => {
      const [a, b] = [newStream(), newStream()];
      await append(a, ['a0', 'a1']);
      await append(b, ['b0']);
      const received: RecordedEvent[] = [];
      await consume(newGroup(), received);
      await append(a, ['a2']);
      await append(b, ['b1', 'b2']);
      await eventually(() => received.length >= 6, 20000);
      expect(types(received, a)).toEqual(['a0', 'a1', 'a2']);
      expect(types(received, b)).toEqual(['b0', 'b1', 'b2']);
      expect(received.filter((event) => event.streamId === a).map((event) => event.revision)).toEqual([0, 1, 2]);
    });

    it('delivers to a batch handler every event once, in the log\'s order, and resumes after the last batch it handled', async () => {
      const stream = newStream();
      await append(stream, ['c0', 'c1', 'c2']);
      const group = newGroup();
      const received: RecordedEvent[] = [];
      let batches = 0;
      const batching = await bus.consume({
        groupId: group,
        handleBatch: async (events) => {
          batches += 1;
          received.push(...events.filter((event) => streams.has(event.streamId)));
          await Promise.resolve();
        },
      });
      consumers.push(batching);
      await append(stream, ['c3', 'c4']);
      await eventually(() => received.length >= 5, 20000);
      expect(types(received)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
      expect(batches).toBeGreaterThan(0);
      await batching.stop();
      // what the batches handled was committed: the group goes on after it
      await append(stream, ['c5']);
      const after: RecordedEvent[] = [];
      await consume(group, after);
      await eventually(() => after.length >= 1, 20000);
      await pause(300);
      expect(types(after)).toEqual(['c5']);
    });

    it('delivers the events of all streams in the log\'s global order (projectors checkpoint one position)', async () => {
      const many = Array.from({ length: 8 }, () => newStream());
      for (let round = 0; round < 3; round++) {
        for (const stream of many) await append(stream, [`r${round}`]);
      }
      const received: RecordedEvent[] = [];
      await consume(newGroup(), received);
      await eventually(() => received.length >= many.length * 3, 20000);
      const positions = received.map((event) => event.position);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
    });

    it('resumes a group from its committed offset after a stop', async () => {
      const stream = newStream();
      const group = newGroup();
      await append(stream, ['e0', 'e1', 'e2']);
      const first: RecordedEvent[] = [];
      const consumer = await consume(group, first);
      await eventually(() => first.length === 3, 20000);
      await consumer.stop();
      await append(stream, ['e3', 'e4']);
      const second: RecordedEvent[] = [];
      await consume(group, second);
      await eventually(() => second.length >= 2, 20000);
      await pause(300);
      expect(types(second)).toEqual(['e3', 'e4']);
    });

    it('does not commit an event whose handler failed: the group receives it again', async () => {
      const stream = newStream();
      const group = newGroup();
      await append(stream, ['ok', 'fails']);
      const first: RecordedEvent[] = [];
      const errors: unknown[] = [];
      const failing = await bus.consume({
        groupId: group,
        handler: (event) => {
          if (!streams.has(event.streamId)) return Promise.resolve();
          if (event.type === 'fails') return Promise.reject(new Error('handler failed'));
          first.push(event);
          return Promise.resolve();
        },
        onError: (error) => errors.push(error),
      });
      consumers.push(failing);
      await eventually(() => errors.length > 0, 20000);
      await failing.stop();
      const second: RecordedEvent[] = [];
      await consume(group, second);
      await eventually(() => second.length >= 1, 20000);
      expect(types(first)).toEqual(['ok']);
      expect(types(second)).toEqual(['fails']);
    });

    it('keeps groups independent', async () => {
      const stream = newStream();
      await append(stream, ['x0', 'x1']);
      const one: RecordedEvent[] = [];
      const two: RecordedEvent[] = [];
      const consumerOne = await consume(newGroup(), one);
      await eventually(() => one.length === 2, 20000);
      await consumerOne.stop();
      await consume(newGroup(), two);
      await eventually(() => two.length === 2, 20000);
      expect(types(one)).toEqual(['x0', 'x1']);
      expect(types(two)).toEqual(['x0', 'x1']);
    });

    it('delivers everything again to a group after resetGroup', async () => {
      const stream = newStream();
      const group = newGroup();
      await append(stream, ['r0', 'r1']);
      const first: RecordedEvent[] = [];
      const consumer = await consume(group, first);
      await eventually(() => first.length === 2, 20000);
      await consumer.stop();
      await bus.resetGroup(group);
      const again: RecordedEvent[] = [];
      await consume(group, again);
      await eventually(() => again.length === 2, 20000);
      expect(types(again)).toEqual(['r0', 'r1']);
    });
  });
