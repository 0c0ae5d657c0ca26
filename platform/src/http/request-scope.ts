import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one HTTP request has asked already: the command side's guard and handler ask the same questions
 * (is the lookup caught up with the log, who is the member, what are the network's settings) several
 * times per request; within one request the first answer stands for all, which is the same as deciding
 * the whole request at the moment of its first question. An append made by the request itself forgets
 * every answer (`forgetRequestAnswers`), so that a question asked after it sees the request's own write.
 */
interface RequestScope {
  answers: WeakMap<object, Map<string, unknown>>;
  /** false once the request was answered: work it left behind (a timer, a follow-up) asks every time */
  open: boolean;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/**
 * Runs `work` (the rest of a request's middleware and its route) with answers of its own; `ended` is given
 * the function that closes the scope (the HTTP kit calls it when the response closes).
 */
export const runInRequestScope = <T>(work: () => T, ended?: (end: () => void) => void): T => {
  const scope: RequestScope = { answers: new WeakMap(), open: true };
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

/** the request appended: the questions it asks from now on are asked anew */
export const forgetRequestAnswers = (): void => {
  const scope = scopes.getStore();
  if (scope) scope.answers = new WeakMap();
};
