import { describe } from '@jest/globals';

/** What a contract suite needs from an adapter: a fresh subject per test, or why it cannot run here. */
export type ContractTarget<Created extends { cleanup: () => Promise<void> }> =
  | { available: true; create: () => Promise<Created> }
  | { available: false; reason: string };

export type Subject<Port> = { subject: Port; cleanup: () => Promise<void> };

/**
 * Registers the suite, or a skipped suite whose title carries the reason (e.g. no Docker), so that the
 * run reports the adapter as skipped instead of silently passing.
 */
export const describeContract = <Created extends { cleanup: () => Promise<void> }>(
  title: string,
  target: ContractTarget<Created>,
  body: (create: () => Promise<Created>) => void,
): void => {
  if (!target.available) {
    describe.skip(`${title} contract (skipped: ${target.reason})`, () => {
      body(() => Promise.reject(new Error(target.reason)));
    });
    return;
  }
  describe(`${title} contract`, () => body(target.create));
};

/** Polls a condition (for asynchronous deliveries) without fixed sleeps. */
export { eventually } from './eventually';

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
