import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventStore } from '@cn/domain';

/**
 * What one HTTP request has asked already: the command side's guard and handler ask the same questions
 * (is the lookup caught up with the log, who is the member, what are the network's settings) several
 * times per request; within one request the first answer stands for all, which is the same as deciding
 * the whole request at the moment of its first question. An append made in this process, by the request
 * itself or by any other, forgets every open request's answers (`forgetRequestAnswers`): a question asked
 * after it sees that write. A request waiting for another (foundings one after another, each taking a slug
 * the previous ones left free) would otherwise decide on what it saw before the other's write.
 */
interface RequestScope {
  answers: WeakMap<object, Map<string, unknown>>;
  /** the process's appends when the answers were given */
  appends: number;
  /** false once the request was answered: work it left behind (a timer, a follow-up) asks every time */
  open: boolean;
}

const scopes = new AsyncLocalStorage<RequestScope>();
/** appends made in this process so far: answers given before the latest one are stale */
let appends = 0;

/**
 * Runs `work` (the rest of a request's middleware and its route) with answers of its own; `ended` is given
 * the function that closes the scope (the HTTP kit calls it when the response closes).
 */
export const runInRequestScope = <T>(work: () => T, ended?: (end: () => void) => void): T => {
  const scope: RequestScope = { answers: new WeakMap(), appends, open: true };
  ended?.(() => {
    scope.open = false;
    scope.answers = new WeakMap();
  });
  return scopes.run(scope, work);
};

/** `ask()`'s answer, asked once per request for `owner` and `key`; outside a request (a reactor, a test) or after its answer, asked every time */
export const oncePerRequest = <T>(owner: object, key: string, ask: () => T): T => {
  const scope = scopes.getStore();
  if (!scope?.open) return ask();
  if (scope.appends !== appends) {
    scope.answers = new WeakMap();
    scope.appends = appends;
  }
  let answers = scope.answers.get(owner);
  if (!answers) {
    answers = new Map();
    scope.answers.set(owner, answers);
  }
  if (answers.has(key)) return answers.get(key) as T;
  const answer = ask();
  answers.set(key, answer);
  return answer;
};

/** this process appended (in a request or not): the questions every open request asks from now on are asked anew */
export const forgetRequestAnswers = (): void => {
  appends += 1;
};

/**
 * The store every service appends through: each append it acknowledges forgets every open request's
 * answers, so no write path (a command, a sign-in lock, a re-encryption) can leave a request deciding on
 * what it asked before that write.
 */
export const withRequestAnswersForgotten = (store: EventStore): EventStore => ({
  ...store,
  append: async (streamId, events, options) => {
    try {
      return await store.append(streamId, events, options);
    } finally {
      // also after a refusal: a conflict means another writer moved the stream this request asked about
      forgetRequestAnswers();
    }
  },
});
