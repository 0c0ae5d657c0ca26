import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTempDir, newTestEvent } from '@cn/platform/testing';
import { CHAIN_SEAL_STREAM, createChainSealer, sealedChainHead, verifySealedChain, withSealedChain } from './chain-sealer';
import type { EventStore } from './event-store';
import { createSqliteEventStore } from './sqlite-event-store';

/**
 * The chaining process on the embedded log, used as a plain log (its own append-time chain is not asked):
 * what it seals verifies; an altered or removed event breaks the chain at its position; a second sealer
 * appending at the same time does not fork the chain. The same process runs against EventStoreDB
 * (chain-sealer-esdb.e2e.spec.ts).
 */
describe('chain sealer', () => {
  let temp: ReturnType<typeof createTempDir>;
  let path: string;
  let store: EventStore;
  const appendSome = async (count: number, stream = 'things-1'): Promise<number> => {
    let position = 0;
    for (let i = 0; i < count; i += 1) position = (await store.append(stream, [newTestEvent('ThingHappened', { n: i })], { expectedRevision: 'any' })).position;
    return position;
  };
  /** a plain log: no verify of its own, as EventStoreDB */
  const plain = (): EventStore => ({ ...store, verifyChain: undefined, chainHead: undefined });

  beforeEach(() => {
    temp = createTempDir('cn-chain-sealer');
    path = join(temp.dir, 'events.sqlite');
    store = createSqliteEventStore({ path });
  });
  afterEach(async () => {
    await store.close();
    temp.remove();
  });

  it('seals the history in global order and verifies it whole, seal after seal', async () => {
    const sealer = createChainSealer(store);
    const first = await appendSome(700);
    expect(await sealer.sealOnce()).toBeGreaterThanOrEqual(first);
    const later = await appendSome(5, 'things-2');
    await sealer.sealOnce();
    const progress: number[] = [];
    const verified = await verifySealedChain(store, (checked) => progress.push(checked));
    expect(verified.firstBreak).toBeNull();
    expect(verified.checked).toBe(705);
    expect(verified.head?.position).toBe(later);
    expect(await sealedChainHead(store)).toEqual(verified.head);
    expect(progress.length).toBeGreaterThan(1);
    // the seals are not sealed themselves: sealing again adds nothing
    const seals = (await store.readStream(CHAIN_SEAL_STREAM)).length;
    await sealer.sealOnce();
    expect((await store.readStream(CHAIN_SEAL_STREAM)).length).toBe(seals);
    // the port's verify for a store that does not chain itself
    expect((await withSealedChain(plain()).verifyChain?.())?.firstBreak).toBeNull();
  });

  it('names the first altered event, and a removed one', async () => {
    await appendSome(30);
    await createChainSealer(store).sealOnce();
    const [, , , tampered] = await store.readAll({ limit: 4 });
    const [, , , , , , , , , removed] = await store.readAll({ limit: 10 });
    const raw = new Database(path);
    raw.prepare('UPDATE events SET data = ? WHERE position = ?').run(JSON.stringify({ n: 999 }), tampered.position);
    expect((await verifySealedChain(store)).firstBreak).toBe(tampered.position);
    raw.prepare('UPDATE events SET data = ? WHERE position = ?').run(JSON.stringify({ n: 3 }), tampered.position);
    expect((await verifySealedChain(store)).firstBreak).toBeNull();
    raw.prepare('DELETE FROM events WHERE position = ?').run(removed.position);
    raw.close();
    expect((await verifySealedChain(store)).firstBreak).toBe(removed.position);
  });

  it('does not fork when two chaining processes seal at once', async () => {
    await appendSome(20);
    await Promise.all([createChainSealer(store).sealOnce(), createChainSealer(store).sealOnce()]);
    await appendSome(3);
    await Promise.all([createChainSealer(store).sealOnce(), createChainSealer(store).sealOnce()]);
    const verified = await verifySealedChain(store);
    expect([verified.firstBreak, verified.checked]).toEqual([null, 23]);
  });
});
