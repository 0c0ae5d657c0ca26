// Latency statistics and a bounded concurrent load runner.
import { readFileSync } from 'node:fs';

export const percentile = (sorted, p) => {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
};

const round = (value, digits = 2) => (value === null ? null : Number(value.toFixed(digits)));

export const summarize = (latenciesMs) => {
  const sorted = Float64Array.from(latenciesMs).sort();
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    mean_ms: sorted.length ? round(sum / sorted.length, 3) : null,
    p50_ms: round(percentile(sorted, 50), 3),
    p95_ms: round(percentile(sorted, 95), 3),
    p99_ms: round(percentile(sorted, 99), 3),
    max_ms: round(sorted.length ? sorted[sorted.length - 1] : null, 3),
  };
};

/**
 * Runs `task(i)` for i in [0, total) with `concurrency` workers, stopping early after `maxMs`.
 * `task(i, worker)` resolves with an HTTP status (or any outcome label); latencies are measured around it.
 */
export const runLoad = async ({ total, concurrency, maxMs, task }) => {
  const latencies = [];
  const outcomes = {};
  let next = 0;
  let stoppedEarly = false;
  const started = performance.now();
  const worker = async (_, w) => {
    for (;;) {
      if (next >= total) return;
      if (performance.now() - started > maxMs) {
        stoppedEarly = true;
        return;
      }
      const i = next++;
      const t0 = performance.now();
      let outcome;
      try {
        outcome = await task(i, w);
      } catch (error) {
        outcome = `error: ${error instanceof Error ? error.message : String(error)}`;
      }
      latencies.push(performance.now() - t0);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const durationMs = performance.now() - started;
  return { done: latencies.length, durationMs, latencies, outcomes, stoppedEarly };
};

/** how many of `runLoad`'s outcomes were answered with a 2xx status (error labels and refusals are not) */
export const acceptedOf = (outcomes) =>
  Object.entries(outcomes).reduce((sum, [outcome, count]) => (Number(outcome) >= 200 && Number(outcome) < 300 ? sum + count : sum), 0);

export const perSecond = (count, durationMs) => (durationMs > 0 ? round((count * 1000) / durationMs, 1) : null);
export { round };

/** the JSON lines of a service's log (pino), each parsed; other lines left out */
export const logEntries = (text) =>
  text.split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line)];
    } catch {
      return [];
    }
  });

/** each log message's time (the last line of that message), from logEntries */
export const logTimes = (text) => Object.fromEntries(logEntries(text).map((entry) => [entry.msg, entry.time]));

/** a process's CPU time so far (all its threads, user and system) in ms, from /proc (Linux); null elsewhere */
export const cpuMsOf = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
};

/**
 * CPU ms (user + system) of the process's main thread alone (its task has the process's id): beside
 * cpuMsOf, what the event loop that serves HTTP spent, apart from the writer's and other threads
 */
export const mainThreadCpuMsOf = (pid) => cpuMsOf(`${pid}/task/${pid}`);

/** CPU ms per accepted command between two cpuMsOf readings; null when either is missing */
export const cpuPerCommand = (before, after, accepted) => (before === null || after === null || accepted === 0 ? null : round((after - before) / accepted, 3));
