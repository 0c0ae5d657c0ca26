// The global search at scale (issue 16): 100,000 documents of every module through the search-index port,
// beside MiniSearch itself over the same documents with the same options in the same run.
//   index build rate (documents/s, batches of 1,000 as the indexer writes them)   vs  MiniSearch addAll
//   search p95 (typed words, prefixes and typos, one viewer's visibility filter)   vs  MiniSearch search + filter
// The embedded adapter always; Meilisearch where MEILI_URL names a running server (its build rate counts
// until every task succeeded, as the indexer's checkpoint does).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './client.mjs';
import { freePort, startServer } from './server.mjs';
import { perSecond, round, runLoad, summarize } from './stats.mjs';

const MODULES = ['appointments', 'files', 'activities', 'messages', 'groups'];
const ONSETS = ['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'br', 'gr', 'st', 'tr', 'pl', 'sch'];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'au', 'ei', 'ie'];
const CODAS = ['', 'n', 'r', 'l', 'st', 'ng', 'rt', 'ck'];

/** a deterministic vocabulary of word-like strings (no randomness: runs are comparable) */
const vocabulary = (size) =>
  Array.from({ length: size }, (_, i) => {
    const parts = [ONSETS[i % ONSETS.length], NUCLEI[Math.floor(i / ONSETS.length) % NUCLEI.length]];
    parts.push(ONSETS[Math.floor(i / 7) % ONSETS.length], NUCLEI[Math.floor(i / 3) % NUCLEI.length]);
    parts.push(CODAS[Math.floor(i / (ONSETS.length * NUCLEI.length)) % CODAS.length]);
    if (i >= 2000) parts.push(NUCLEI[i % 5], CODAS[Math.floor(i / 11) % CODAS.length]);
    return parts.join('');
  });

/** documents shaped like the search-indexer's: a title, a text body, and who may see them */
const corpus = (count, words) => {
  const pick = (seed) => words[(seed * 7919) % words.length];
  return Array.from({ length: count }, (_, i) => ({
    id: `doc-${i}`,
    module: MODULES[i % MODULES.length],
    title: [pick(i), pick(i + 1), pick(i * 3 + 2)].join(' '),
    text: Array.from({ length: 30 }, (_, w) => pick(i * 31 + w)).join(' '),
    // a tenth is in one of 50 groups; the rest is visible network-wide
    visible_to: i % 10 === 0 ? [`group:${i % 50}`] : ['network'],
  }));
};

/** what a member types: whole words, prefixes of 3 to 6 letters, and a word with one letter swapped */
const typedQueries = (count, words) =>
  Array.from({ length: count }, (_, i) => {
    const word = words[(i * 104729) % words.length];
    if (i % 3 === 0) return word.slice(0, 3 + (i % 4));
    if (i % 3 === 1 && word.length >= 6) return `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
    return word;
  });

const SETTINGS = { searchableAttributes: ['title', 'text'], filterableAttributes: ['module', 'visible_to'], sortableAttributes: [] };
/** one viewer: the network and two of the groups */
const VIEWER = ['network', 'group:1', 'group:2'];
const BATCH = 1000;

const buildThroughPort = async (collection, docs) => {
  const started = performance.now();
  for (let i = 0; i < docs.length; i += BATCH) await collection.upsert(docs.slice(i, i + BATCH));
  const durationMs = performance.now() - started;
  return { documents: docs.length, per_s: perSecond(docs.length, durationMs), duration_s: round(durationMs / 1000, 3) };
};

const searchLoad = async ({ queries, phaseMs, search }) => {
  for (const q of queries.slice(0, 20)) await search(q);
  let hits = 0;
  const run = await runLoad({
    total: queries.length,
    concurrency: 1,
    maxMs: phaseMs,
    task: async (i) => {
      hits += await search(queries[i]);
      return 200;
    },
  });
  return { queries: run.done, mean_total_hits: round(hits / Math.max(1, run.done), 1), latency: summarize(run.latencies) };
};

export const searchScaleScenario = async ({ platform, require, scratch, documents, queries: queryCount, phaseMs, meiliUrl, progress }) => {
  const words = vocabulary(12_000);
  const docs = corpus(documents, words);
  const queries = typedQueries(queryCount, words);
  const result = { documents, queries: queryCount, viewer: VIEWER };

  // raw: MiniSearch itself, the options the embedded adapter uses (prefix, 1 typo from 5 letters, 2 from 9, AND)
  const MiniSearch = require('minisearch');
  const engine = new MiniSearch({ idField: 'id', fields: SETTINGS.searchableAttributes, storeFields: [] });
  const byId = new Map();
  let started = performance.now();
  for (let i = 0; i < docs.length; i += BATCH) {
    const batch = docs.slice(i, i + BATCH);
    engine.addAll(batch);
    for (const doc of batch) byId.set(doc.id, doc);
  }
  result.raw_build = { per_s: perSecond(docs.length, performance.now() - started) };
  const typos = (term) => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0);
  result.raw_search = await searchLoad({
    queries,
    phaseMs,
    search: async (q) =>
      engine
        .search(q, { prefix: true, fuzzy: typos, boost: { title: 2, text: 1 }, combineWith: 'AND' })
        .filter((hit) => byId.get(hit.id).visible_to.some((scope) => VIEWER.includes(scope))).length,
  });
  progress(`search at scale: MiniSearch itself builds ${result.raw_build.per_s} documents/s, p95 ${result.raw_search.latency.p95_ms} ms`);

  const throughPort = async (label, index) => {
    const collection = await index.index(`bench_global_${Date.now()}`, SETTINGS);
    const build = await buildThroughPort(collection, docs);
    const search = await searchLoad({
      queries,
      phaseMs,
      search: async (q) => (await collection.search({ q, filter: { visible_to: VIEWER }, limit: 5 })).total,
    });
    await collection.clear();
    await index.close();
    progress(`search at scale (${label}): builds ${build.per_s} documents/s, p95 ${search.latency.p95_ms} ms`);
    return { build, search };
  };
  result.embedded = await throughPort('embedded', platform.createMiniSearchIndex({ dir: join(scratch, 'search-scale'), flushDelayMs: 3_600_000 }));
  if (meiliUrl) result.meilisearch = await throughPort('Meilisearch', platform.createMeiliSearchIndex({ host: meiliUrl, apiKey: process.env.MEILI_KEY, taskTimeoutMs: 600_000 }));
  else result.meilisearch_skipped = 'MEILI_URL is not set';
  return result;
};

/** the report's rows for the scenario ({ measure, value, unit, p50, p95, p99, raw, raw_unit, note }) */
export const searchScaleRows = (s) => {
  const rows = [];
  const add = (label, figures) => {
    rows.push({
      measure: `global search index build, ${label} (${s.documents} documents)`,
      value: figures.build.per_s,
      unit: 'documents/s',
      raw: s.raw_build.per_s,
      raw_unit: 'documents/s MiniSearch addAll',
      note: `ratio ${round(figures.build.per_s / s.raw_build.per_s, 2)}; batches of ${BATCH} through the search-index port`,
    });
    const { latency } = figures.search;
    rows.push({
      measure: `global search, ${label} (${s.documents} documents)`,
      value: figures.search.latency.p95_ms,
      unit: 'ms p95',
      p50: latency.p50_ms,
      p95: latency.p95_ms,
      p99: latency.p99_ms,
      raw: s.raw_search.latency.p95_ms,
      raw_unit: 'ms p95 MiniSearch',
      note: `${figures.search.queries} queries one at a time (words, prefixes, typos) with one viewer's visibility filter, ${figures.search.mean_total_hits} hits on average`,
    });
  };
  add('embedded', s.embedded);
  if (s.meilisearch) add('Meilisearch', s.meilisearch);
  return rows;
};

/** the activities index as the search indexer keeps it (search-indexer/src/activities/activities-index.ts) */
const ACTIVITIES = {
  name: 'activities',
  settings: { searchableAttributes: ['text'], filterableAttributes: ['id', 'activity_id', 'stream', 'author_id', 'kind'], sortableAttributes: ['created_at', 'id'] },
};
const PAGE = 20;

/** posts of the network's stream, shaped as the indexer writes them, by the demo's network administrator */
const activityDocuments = (count, words, authorId) => {
  const pick = (seed) => words[(seed * 7919) % words.length];
  return Array.from({ length: count }, (_, i) => ({
    id: `bench-post-${i}`,
    kind: 'post',
    activity_id: `bench-post-${i}`,
    stream: 'network',
    author_id: authorId,
    text: Array.from({ length: 30 }, (_, w) => pick(i * 31 + w)).join(' '),
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    reply_count: 0,
  }));
};

/**
 * HTTP search against the in-process query (issue 8: "HTTP search p95 within 3× of in-process"): the built
 * server answers `GET /search.json?q=…&module=activities` (one page of 20, a signed-in member, the
 * activities index holding `documents` posts, written into its data folder before it starts); beside it the
 * same index opened in this process answers the same queries with the filter the server builds for that
 * member (`stream` in the streams they read) and the same page. One member, one query at a time; every query
 * is asked once before timing (the server's answer cache is keyed by query: the timed ones are new to it).
 */
export const httpSearchScenario = async ({ root, platform, scratch, documents, queries: queryCount, phaseMs, progress, port }) => {
  const words = vocabulary(12_000);
  const dataDir = join(scratch, 'search-http');
  mkdirSync(dataDir, { recursive: true });
  const queries = typedQueries(queryCount, words);
  const warm = typedQueries(queryCount + 40, words).slice(queryCount);
  // the demo is seeded at the first start: start once to know the administrator, write the index, start again
  let server = await startServer({ root, dataDir, port, env: { LOG_LEVEL: 'error' } });
  const first = await signIn(server.baseUrl, 'admin@example.org', 'changeme');
  await server.stop();
  const docs = activityDocuments(documents, words, first.memberId);
  let started = performance.now();
  const writer = platform.createMiniSearchIndex({ dir: join(dataDir, 'search'), flushDelayMs: 3_600_000 });
  const written = await writer.index(ACTIVITIES.name, ACTIVITIES.settings);
  for (let i = 0; i < docs.length; i += BATCH) await written.upsert(docs.slice(i, i + BATCH));
  await writer.close();
  progress(`search over HTTP: ${documents} posts indexed in ${round((performance.now() - started) / 1000, 1)} s`);

  // SEARCH_PROFILE_DIR: the server's CPU profile of the timed searches (node --cpu-prof), to see where the time goes
  const nodeArgs = process.env.SEARCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SEARCH_PROFILE_DIR}`] : [];
  server = await startServer({ root, dataDir, port, env: { LOG_LEVEL: 'error' }, readyTimeoutMs: 300_000, nodeArgs });
  try {
    const admin = await signIn(server.baseUrl, 'admin@example.org', 'changeme');
    const path = (q, page = 1) => `/search.json?q=${encodeURIComponent(q)}&module=activities&page=${page}`;
    const http = async (q) => {
      const { status, body } = await admin.request('GET', path(q));
      if (status !== 200) throw new Error(`GET ${path(q)} answered ${status}`);
      return body.pagination.total;
    };
    for (const q of warm) await http(q);
    const overHttp = await searchLoad({ queries, phaseMs, search: http });

    const reader = platform.createMiniSearchIndex({ dir: join(dataDir, 'search'), flushDelayMs: 3_600_000 });
    const index = await reader.index(ACTIVITIES.name, ACTIVITIES.settings);
    // the administrator reads the network's stream and every group's (the demo has a few)
    const inProcess = await searchLoad({ queries, phaseMs, search: async (q) => (await index.search({ q, filter: { stream: ['network'] }, limit: PAGE, offset: 0 })).total });
    await reader.close();
    progress(`search over HTTP: p95 ${overHttp.latency.p95_ms} ms, in process ${inProcess.latency.p95_ms} ms`);
    return { documents, http: overHttp, in_process: inProcess, ratio_p95: round(overHttp.latency.p95_ms / inProcess.latency.p95_ms, 2) };
  } finally {
    await server.stop();
  }
};

export const httpSearchRows = (s) => [
  {
    measure: `global search over HTTP, embedded (${s.documents} posts, one module's page)`,
    value: s.http.latency.p95_ms,
    unit: 'ms p95',
    p50: s.http.latency.p50_ms,
    p95: s.http.latency.p95_ms,
    p99: s.http.latency.p99_ms,
    raw: s.in_process.latency.p95_ms,
    raw_unit: 'ms p95 the same index queried in process',
    note: `ratio ${s.ratio_p95} (target at most 3); ${s.http.queries} queries, ${s.http.mean_total_hits} hits on average`,
  },
];

// alone: node scripts/bench/search-scale.mjs [documents] [port]  (after npm run build:server)
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const require = createRequire(join(root, 'package.json'));
  const platform = require(join(root, 'platform/dist/index.js'));
  const scratch = mkdtempSync(join(process.env.BENCH_SCRATCH ?? tmpdir(), 'search-http-'));
  const documents = Number(process.argv[2] ?? 100_000);
  const port = Number(process.argv[3] ?? 0) || (await freePort());
  try {
    const result = await httpSearchScenario({ root, platform, scratch, documents, queries: 300, phaseMs: 60_000, progress: (line) => process.stdout.write(`${line}\n`), port });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
