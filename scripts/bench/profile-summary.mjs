#!/usr/bin/env node
// Where a `node --cpu-prof` profile's time goes: self time by function and by package (or our project), and
// the inclusive time of the functions named on the command line.
//   node scripts/bench/profile-summary.mjs <file.cpuprofile> [top=40] [function names to total...]
import { readFileSync } from 'node:fs';

const [file, topArg = '40', ...focus] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: profile-summary.mjs <file.cpuprofile> [top] [function...]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
// BENCH_PROFILE_WINDOW=<from>-<to>: only the samples between two CLOCK_MONOTONIC times in µs (what
// process.hrtime.bigint() / 1000n gives; command-path.mjs writes its phases' windows to windows.json)
const [from, to] = (process.env.BENCH_PROFILE_WINDOW ?? '0-Infinity').split('-').map(Number);
const selfUs = new Map();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= from && at <= to) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (frame) => {
  const url = frame.url ?? '';
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (modules) return modules[1];
  const ours = url.match(/\/(contracts|domain-core|platform|command-service|projection-service|search-indexer|standalone)\/dist\/(.*)/);
  if (ours) return `${ours[1]}/${ours[2].split('/').slice(0, -1).join('/') || '.'}`;
  if (url.startsWith('node:')) return 'node internals';
  return url === '' ? `(${frame.functionName || 'native'})` : url;
};
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
const byFunction = new Map();
const byPlace = new Map();
for (const [id, us] of selfUs) {
  const { callFrame } = byId.get(id);
  add(byFunction, `${callFrame.functionName || '(anonymous)'} ${where(callFrame)}:${callFrame.lineNumber + 1}`, us);
  add(byPlace, where(callFrame), us);
}
const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const pct = (us) => `${((us / totalUs) * 100).toFixed(1).padStart(5)}%`;
const top = Number(topArg);
process.stdout.write(`${file}: ${(totalUs / 1e6).toFixed(1)} s sampled\n\nself time by place\n`);
for (const [key, us] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${ms(us)} ms ${pct(us)}  ${key}\n`);
process.stdout.write('\nself time by function\n');
for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${ms(us)} ms ${pct(us)}  ${key}\n`);
if (focus.length > 0) {
  process.stdout.write('\ninclusive time (samples with the function on the stack)\n');
  const inclusive = new Map(focus.map((name) => [name, 0]));
  for (const [id, us] of selfUs) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at).callFrame.functionName;
      if (inclusive.has(name) && !seen.has(name)) {
        seen.add(name);
        add(inclusive, name, us);
      }
    }
  }
  for (const [name, us] of inclusive) process.stdout.write(`${ms(us)} ms ${pct(us)}  ${name}\n`);
}
// BENCH_PROFILE_CALLERS=<file fragment>:<line>: the call paths (5 frames up) to that frame, by time
const callersOf = process.env.BENCH_PROFILE_CALLERS;
if (callersOf) {
  const [fragment, line] = callersOf.split(':');
  const paths = new Map();
  for (const [id, us] of selfUs) {
    const chain = [];
    for (let at = id; at !== undefined; at = parent.get(at)) chain.push(byId.get(at).callFrame);
    const hit = chain.findIndex((frame) => frame.url.includes(fragment) && String(frame.lineNumber + 1) === line);
    if (hit < 0) continue;
    const key = chain
      .slice(hit, hit + 7)
      .map((frame) => `${frame.functionName || '(anon)'}@${where(frame)}:${frame.lineNumber + 1}`)
      .join(' < ');
    add(paths, key, us);
  }
  process.stdout.write(`\ncall paths to ${callersOf}\n`);
  for (const [key, us] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 15)) process.stdout.write(`${ms(us)} ms ${pct(us)}  ${key}\n`);
}
// the costs of a command by kind (self time of the places above, grouped)
const kinds = [
  ['HTTP and node internals (sockets, streams, timers, crypto; Express, Nest, body parsing)', /^(node internals|@nestjs|router|body-parser|raw-body|type-is|on-finished|parseurl|path-to-regexp|iconv-lite|debug|mime-types|reflect-metadata|rxjs|iterare|express|finalhandler|cookie|qs|content-type|\(writev\)|\(utf8Write\)|\(writeBuffer\)|\(native\))/],
  ['HTTP kit (session, CSRF, guards, metrics)', /^(platform\/http|prom-client)/],
  ['deciding (handlers, lookup, zod, contracts)', /^(command-service|domain-core|contracts|zod)/],
  ['event store (append via the writer thread, subscriptions)', /^(platform\/event-store|\(postMessage\)|platform\/event-bus)/],
  ['read-model writes and reads (SQLite document store)', /^(platform\/document-store|better-sqlite3)/],
  ['projectors (runner, projections)', /^(platform\/projections|projection-service|platform\/storage)/],
  ['search (indexer, MiniSearch, snapshot)', /^(platform\/search-index|minisearch|search-indexer|\(rename\)|\(open\))/],
  ['personal data (keys, AES-GCM)', /^(platform\/key-store|platform\/personal-data)/],
  ['garbage collection', /^\(\(garbage collector\)\)$/],
  ['idle', /^\(\(idle\)\)$/],
];
const byKind = new Map(kinds.map(([name]) => [name, 0]));
let other = 0;
for (const [place, us] of byPlace) {
  const kind = kinds.find(([, pattern]) => pattern.test(place));
  if (kind) add(byKind, kind[0], us);
  else other += us;
}
process.stdout.write('\nby kind\n');
for (const [name, us] of byKind) process.stdout.write(`${ms(us)} ms ${pct(us)}  ${name}\n`);
process.stdout.write(`${ms(other)} ms ${pct(other)}  other\n`);
