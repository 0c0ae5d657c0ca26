import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from './src/i18n/language-constants';
import { EARLY_READS_CLOSED, EARLY_READS_GLOBAL, NETWORK_READ, START_PAGE_READS } from './src/shell/early-reads';
import { START_PAGE } from './src/shell/start-page';

/** the chunks holding modules named by `module` (the console, the start page's feature, a language's strings), with the module's path */
const chunksFrom = (bundle: Rollup.OutputBundle, module: RegExp): Array<{ chunk: Rollup.OutputChunk; id: string }> =>
  Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? file.moduleIds.filter((id) => module.test(id)).map((id) => ({ chunk: file, id })) : []));
const chunksOf = (bundle: Rollup.OutputBundle, module: RegExp): Rollup.OutputChunk[] => chunksFrom(bundle, module).map(({ chunk }) => chunk);

/** the files `chunks` run with: themselves, what they import and the styles Vite loads with them */
const filesOf = (bundle: Rollup.OutputBundle, chunks: Rollup.OutputChunk[], into = new Set<string>()): Set<string> => {
  for (const chunk of chunks) {
    if (into.has(chunk.fileName)) continue;
    into.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    filesOf(bundle, chunk.imports.map((name) => bundle[name]).filter((file): file is Rollup.OutputChunk => file?.type === 'chunk'), into);
  }
  return into;
};

const urls = (files: Set<string>, loaded: Set<string>): string[] => [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`);

/**
 * The boot script: it runs while index.html is parsed (async, before the entry's imports are in), and asks at
 * once for what main.tsx would ask for only after the first scripts ran: the network's answer and, on the
 * start page, its first data (left for the API client, shell/early-reads.ts), then the console's chunks, the
 * chosen language's strings and the start page's chunks (modulepreload, styles preloaded), the dashboard bar's
 * markdown text's last. The data goes
 * first: a browser opens six connections per host. Being async it may also run after the entry: if the console
 * has closed the early reads by then (closeEarlyReads), it does nothing.
 */
const bootScript = (hints: { console: string[]; startPage: string[]; languages: Record<string, string[]> }): string =>
  `(function(){var w=window,d=document,p=location.pathname,s=p==='/'||p===${JSON.stringify(START_PAGE)},g=${JSON.stringify(EARLY_READS_GLOBAL)};if(w[g]===${JSON.stringify(EARLY_READS_CLOSED)})return;var r=w[g]={};` +
  `function read(u){var f=fetch(u,{credentials:'include',headers:{Accept:'application/json'}});f.catch(function(){});r[u]=f}` +
  `read(${JSON.stringify(NETWORK_READ)});if(s)${JSON.stringify(START_PAGE_READS)}.forEach(read);` +
  `var l,t=${JSON.stringify(hints.languages)};try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}` +
  `${JSON.stringify(hints.console)}.concat(t[l]||t[${JSON.stringify(DEFAULT_LANGUAGE)}],s?${JSON.stringify(hints.startPage)}:[]).forEach(function(h){` +
  `var k=d.createElement('link');if(/\\.css$/.test(h)){k.rel='preload';k.as='style'}else k.rel='modulepreload';k.crossOrigin='';k.href=h;d.head.appendChild(k)})})();\n`;

/**
 * Writes the boot script into `bundle` as a hashed asset (`assets/boot-<hash>.js`, cached for a year like the
 * chunks; the content security policy allows no inline script) and loads it first from index.html.
 */
export const writeStartPageHints = (bundle: Rollup.OutputBundle, emit: (file: { type: 'asset'; fileName: string; source: string }) => void): void => {
  const html = bundle['index.html'];
  const entry = Object.values(bundle).find((file): file is Rollup.OutputChunk => file.type === 'chunk' && file.isEntry);
  if (html?.type !== 'asset' || !entry) return;
  const loaded = filesOf(bundle, [entry]);
  const consoleFiles = filesOf(bundle, chunksOf(bundle, /\/src\/app\/Console\.tsx$/));
  // then the dashboard bar's markdown text (widget-markdown.tsx and markdown-it), fetched but not run: a bar that
  // shows one has it in by the first render (widgetbars/widget-markdown-load.ts), one that does not never runs it
  const startPage = filesOf(bundle, [...chunksOf(bundle, /\/src\/activities\/index\.ts$/), ...chunksOf(bundle, /\/src\/widgetbars\/widget-markdown\.tsx$/)]);
  for (const file of consoleFiles) loaded.add(file);
  const languages: Record<string, string[]> = {};
  for (const { chunk, id } of chunksFrom(bundle, /\/src\/(calendars\/)?i18n\/[a-z]{2}\.json$/)) {
    const language = /([a-z]{2})\.json$/.exec(id)?.[1] ?? '';
    languages[language] = [...(languages[language] ?? []), `/${chunk.fileName}`];
  }
  const source = bootScript({ console: urls(consoleFiles, filesOf(bundle, [entry])), startPage: urls(startPage, loaded), languages });
  const fileName = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 10)}.js`;
  emit({ type: 'asset', fileName, source });
  const page = String(html.source);
  const at = page.indexOf('<script');
  html.source = `${page.slice(0, at)}<script async src="/${fileName}"></script>\n    ${page.slice(at)}`;
};

/** Build only: the boot script, after Vite wrote index.html (vite.config.ts) */
export const startPageHints = (): Plugin => ({
  name: 'cn-start-page-hints',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      writeStartPageHints(bundle, (file) => this.emitFile(file));
    },
  },
});
