// Preload that counts better-sqlite3 statement executions by SQL text in the main thread and appends a
// snapshot `{ t, counts }` to STATEMENT_COUNTS_FILE (default /tmp/statements-<pid>.jsonl) every 500 ms:
//   NODE_OPTIONS="--require ./scripts/bench/statement-counter.cjs" BENCH_PHASES=status node scripts/bench/command-path.mjs
//   node scripts/bench/statement-counts.mjs <file> <from HH:MM:SS> <to HH:MM:SS> <commands>
const { isMainThread } = require('node:worker_threads');
if (isMainThread) {
  const { createRequire } = require('node:module');
  const Database = createRequire(`${process.cwd()}/package.json`)('better-sqlite3');
  const { appendFileSync } = require('node:fs');
  const statement = Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1'));
  const counts = {};
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = statement[method];
    statement[method] = function counted(...args) {
      const sql = this.source.replace(/\s+/g, ' ').slice(0, 90);
      counts[sql] = (counts[sql] ?? 0) + 1;
      return original.apply(this, args);
    };
  }
  const file = process.env.STATEMENT_COUNTS_FILE ?? `/tmp/statements-${process.pid}.jsonl`;
  setInterval(() => appendFileSync(file, `${JSON.stringify({ t: Date.now(), counts })}\n`), 500).unref();
}
