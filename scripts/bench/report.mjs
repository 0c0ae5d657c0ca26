// The machine's description and the results files (bench/results.json, bench/results.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

export const machine = () => {
  const cores = cpus();
  return {
    cpu: cores[0]?.model?.trim() ?? 'unknown',
    cores: cores.length,
    memory_gib: Number((totalmem() / 2 ** 30).toFixed(1)),
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
    // other work on the machine skews every figure: the 1-minute load average when the run started
    load_average_1m: Number(loadavg()[0].toFixed(2)),
    data_dir_parent: tmpdir(),
  };
};

const cell = (value) => (value === null || value === undefined ? '–' : String(value));

/** rows: [{ measure, value, unit, p50, p95, p99, raw, raw_unit, note }] */
export const table = (rows) => {
  const header = ['measure', 'value', 'p50 ms', 'p95 ms', 'p99 ms', 'raw limit', 'note'];
  const lines = rows.map((row) => [
    row.measure,
    `${cell(row.value)} ${row.unit ?? ''}`.trim(),
    cell(row.p50),
    cell(row.p95),
    cell(row.p99),
    row.raw === undefined ? '–' : `${cell(row.raw)} ${row.raw_unit ?? ''}`.trim(),
    row.note ?? '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (line) => line.map((text, i) => text.padEnd(widths[i])).join(' | ');
  const text = [format(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(format)].join('\n');
  const markdown = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...lines.map((line) => `| ${line.map((t) => t.replace(/\|/g, '\\|')).join(' | ')} |`),
  ].join('\n');
  return { text, markdown };
};

export const writeResults = ({ root, results, rows }) => {
  const dir = join(root, 'bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const { markdown } = table(rows);
  const m = results.machine;
  const md = [
    '# Benchmark results',
    '',
    `${results.date} — ${m.cpu}, ${m.cores} cores, ${m.memory_gib} GiB, ${m.os}, Node ${m.node}, load average ${m.load_average_1m} at the start`,
    '',
    'Standalone server on the embedded adapters (SQLite event store, in-process bus, SQLite read models, MiniSearch),',
    'driven over HTTP on the loopback; each figure beside its raw limit measured in the same run.',
    '',
    markdown,
    '',
    '## Settings',
    '',
    '```json',
    JSON.stringify(results.settings, null, 2),
    '```',
    '',
    'Produced by `npm run bench` (scripts/bench.mjs); full figures in results.json.',
    '',
  ].join('\n');
  writeFileSync(join(dir, 'results.md'), md);
  return dir;
};
