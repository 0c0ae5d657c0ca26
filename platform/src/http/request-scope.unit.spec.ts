import type { EventStore } from '@cn/domain';
import { forgetRequestAnswers, oncePerRequest, runInRequestScope, withRequestAnswersForgotten } from './request-scope';

describe('answers shared within one request', () => {
  const owner = {};

  it('asks once per request and key, and anew in another request', async () => {
    let asked = 0;
    const ask = (): Promise<number> => Promise.resolve(++asked);
    const first = await runInRequestScope(async () => {
      const a = await oncePerRequest(owner, 'head', ask);
      await new Promise((resolve) => setImmediate(resolve));
      const b = await oncePerRequest(owner, 'head', ask);
      const other = await oncePerRequest(owner, 'other', ask);
      return [a, b, other];
    });
    expect(first).toEqual([1, 1, 2]);
    const second = await runInRequestScope(() => oncePerRequest(owner, 'head', ask));
    expect(second).toBe(3);
  });

  it('keeps the answers of different owners and of concurrent requests apart', async () => {
    let asked = 0;
    const ask = (): number => ++asked;
    const [one, two] = await Promise.all([
      runInRequestScope(async () => {
        await Promise.resolve();
        return [oncePerRequest(owner, 'k', ask), oncePerRequest({}, 'k', ask), oncePerRequest(owner, 'k', ask)];
      }),
      runInRequestScope(() => Promise.resolve([oncePerRequest(owner, 'k', ask), oncePerRequest(owner, 'k', ask)])),
    ]);
    expect(new Set([...one, ...two]).size).toBe(3);
    expect(one[0]).toBe(one[2]);
    expect(two[0]).toBe(two[1]);
  });

  it('asks anew after the request appended', () => {
    let asked = 0;
    const answers = runInRequestScope(() => {
      const before = oncePerRequest(owner, 'member', () => ++asked);
      forgetRequestAnswers();
      const after = oncePerRequest(owner, 'member', () => ++asked);
      return [before, after, oncePerRequest(owner, 'member', () => ++asked)];
    });
    expect(answers).toEqual([1, 2, 2]);
  });

  it("asks anew after another request's append: a request that waited for it decides on its write (foundings one after another)", async () => {
    let asked = 0;
    let appended = (): void => undefined;
    const other = new Promise<void>((resolve) => {
      appended = resolve;
    });
    const [waiting] = await Promise.all([
      runInRequestScope(async () => {
        const before = oncePerRequest(owner, 'slugs', () => ++asked);
        await other;
        return [before, oncePerRequest(owner, 'slugs', () => ++asked), oncePerRequest(owner, 'slugs', () => ++asked)];
      }),
      runInRequestScope(async () => {
        await Promise.resolve();
        forgetRequestAnswers();
        appended();
      }),
    ]);
    expect(waiting).toEqual([1, 2, 2]);
  });

  it('asks every time once the request was answered (a timer or follow-up it left behind)', async () => {
    let asked = 0;
    let end = (): void => undefined;
    const later = await runInRequestScope(
      async () => {
        expect(oncePerRequest(owner, 'k', () => ++asked)).toBe(1);
        expect(oncePerRequest(owner, 'k', () => ++asked)).toBe(1);
        end();
        await Promise.resolve();
        return [oncePerRequest(owner, 'k', () => ++asked), oncePerRequest(owner, 'k', () => ++asked)];
      },
      (close) => {
        end = close;
      },
    );
    expect(later).toEqual([2, 3]);
  });

  it('asks every time outside a request', () => {
    let asked = 0;
    expect([oncePerRequest(owner, 'k', () => ++asked), oncePerRequest(owner, 'k', () => ++asked)]).toEqual([1, 2]);
    forgetRequestAnswers();
  });

  it('asks anew after any append through the store, accepted or refused, whoever made it', async () => {
    let refuse = false;
    const stored: Pick<EventStore, 'append'> = {
      append: () => (refuse ? Promise.reject(new Error('wrong expected revision')) : Promise.resolve({ nextExpectedRevision: 0n, position: 1n } as never)),
    };
    const store = withRequestAnswersForgotten(stored as EventStore);
    let asked = 0;
    const answers = await runInRequestScope(async () => {
      const seen = [oncePerRequest(owner, 'lookup', () => ++asked)];
      await store.append('signin-lock-m1', [], { expectedRevision: 'any' });
      seen.push(oncePerRequest(owner, 'lookup', () => ++asked));
      refuse = true;
      await expect(store.append('member-m1', [], { expectedRevision: 'any' })).rejects.toThrow('wrong expected revision');
      seen.push(oncePerRequest(owner, 'lookup', () => ++asked), oncePerRequest(owner, 'lookup', () => ++asked));
      return seen;
    });
    expect(answers).toEqual([1, 2, 3, 3]);
  });
});
