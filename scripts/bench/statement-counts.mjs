#!/usr/bin/env node
// statements per command between two wall-clock times (UTC, today) of a statement-counter.cjs file:
//   node scripts/bench/statement-counts.mjs <file> <from HH:MM:SS> <to HH:MM:SS> <commands>
import { readFileSync } from 'node:fs';

const [file, from, to, commands] = process.argv.slice(2);
const day = new Date().toISOString().slice(0, 10);
const at = (hms) => Date.parse(`${day}T${hms}Z`);
const snapshots = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
const nearest = (t) => snapshots.reduce((best, row) => (Math.abs(row.t - t) < Math.abs(best.t - t) ? row : best));
const before = nearest(at(from)).counts;
const after = nearest(at(to)).counts;
const perCommand = Object.entries(after)
  .map(([sql, count]) => [sql, (count - (before[sql] ?? 0)) / Number(commands)])
  .filter(([, count]) => count > 0.01)
  .sort((a, b) => b[1] - a[1]);
let reads = 0;
let writes = 0;
for (const [sql, count] of perCommand) {
  if (/^\s*(SELECT|PRAGMA|WITH)/i.test(sql)) reads += count;
  else writes += count;
  process.stdout.write(`${count.toFixed(2)}  ${sql}\n`);
}
process.stdout.write(`reads per command ${reads.toFixed(2)}, writes per command ${writes.toFixed(2)}\n`);
