// The global search at scale (issue 16): 100,000 documents of every module through the search-index port,
// beside MiniSearch itself over the same documents with the same options in the same run.
//   index build rate (documents/s, batches of 1,000 as the indexer writes them)   vs  MiniSearch addAll
//   search p95 (typed words, prefixes and typos, one viewer's visibility filter)   vs  MiniSearch search + filter
// The embedded adapter always; Meilisearch where MEILI_URL names a running server (its build rate counts
// until every task succeeded, as the indexer's checkpoint does).
import { join } from 'node:path';
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
  if (meiliUrl) result.meilisearch = await throughPort('Meilisearch', platform.createMeiliSearchIndex({ host: meiliUrl, apiKey: process.env.MEILI_MASTER_KEY, taskTimeoutMs: 600_000 }));
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
