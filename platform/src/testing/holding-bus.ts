import type { EventBus } from '@cn/platform/event-bus';

/**
 * A bus whose deliveries to one consumer group can be held: while held, that group's projector stays where
 * it is, as under load when its turn has not come yet, and the log moves on without it.
 */
export const holdingBus = (bus: EventBus, groupId: string) => {
  let held: { released: Promise<void>; release: () => void } | null = null;
  const waitWhileHeld = async (): Promise<void> => {
    while (held) await held.released;
  };
  const holding: EventBus = {
    consume: (options) =>
      bus.consume(
        options.groupId !== groupId
          ? options
          : options.handleBatch
            ? { ...options, handleBatch: async (events, delivery) => (await waitWhileHeld(), options.handleBatch(events, delivery)) }
            : { ...options, handler: async (event) => (await waitWhileHeld(), options.handler(event)) },
      ),
    partitions: () => bus.partitions(),
    resetGroup: (group) => bus.resetGroup(group),
    close: () => bus.close(),
  };
  return {
    bus: holding,
    hold: () => {
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      held = { released, release };
    },
    release: () => {
      const was = held;
      held = null;
      was?.release();
    },
  };
};
