import { runInNewContext } from 'node:vm';
import { writeStartPageHints } from '../../vite-start-page';
import { EARLY_READS_GLOBAL } from './early-reads';

type Bundle = Parameters<typeof writeStartPageHints>[0];
type File = Bundle[string];

const chunk = (fileName: string, modules: string[], imports: string[] = [], css: string[] = [], isEntry = false): File =>
  ({ type: 'chunk', fileName, moduleIds: modules.map((module) => `/repo/member-ui/src/${module}`), imports, isEntry, viteMetadata: { importedCss: new Set(css), importedAssets: new Set() } }) as unknown as File;

const build = () => {
  const html = { type: 'asset', fileName: 'index.html', source: '<head><title>x</title>\n    <script type="module" src="/assets/index-a.js"></script></head>' } as unknown as File;
  const bundle: Bundle = {
    'index.html': html,
    'assets/index-a.js': chunk('assets/index-a.js', ['main.tsx'], ['assets/react-b.js'], ['assets/index-a.css'], true),
    'assets/react-b.js': chunk('assets/react-b.js', ['react.js']),
    'assets/Console-c.js': chunk('assets/Console-c.js', ['app/Console.tsx', 'app/App.tsx'], ['assets/react-b.js', 'assets/query-d.js'], ['assets/Console-c.css']),
    'assets/query-d.js': chunk('assets/query-d.js', ['query.js']),
    'assets/activities-e.js': chunk('assets/activities-e.js', ['activities/index.ts'], ['assets/query-d.js', 'assets/markdown-f.js']),
    'assets/markdown-f.js': chunk('assets/markdown-f.js', ['markdown.js']),
    'assets/widget-markdown-j.js': chunk('assets/widget-markdown-j.js', ['widgetbars/widget-markdown.tsx'], ['assets/react-b.js', 'assets/markdown-it-k.js']),
    'assets/markdown-it-k.js': chunk('assets/markdown-it-k.js', ['markdown-it.js']),
    'assets/de-g.js': chunk('assets/de-g.js', ['i18n/de.json']),
    'assets/de-h.js': chunk('assets/de-h.js', ['calendars/i18n/de.json']),
    'assets/en-i.js': chunk('assets/en-i.js', ['i18n/en.json']),
  };
  const emitted: Array<{ fileName: string; source: string }> = [];
  writeStartPageHints(bundle, (file) => emitted.push(file));
  return { html: String((bundle['index.html'] as { source: string }).source), boot: emitted[0] };
};

describe("the build's boot script (vite-start-page.ts)", () => {
  it('is a hashed asset index.html loads before the entry (the content security policy allows no inline script)', () => {
    const { html, boot } = build();
    expect(boot?.fileName).toMatch(/^assets\/boot-[A-Za-z0-9_-]{10}\.js$/);
    expect(html.indexOf(`<script async src="/${boot?.fileName}"></script>`)).toBeLessThan(html.indexOf('index-a.js'));
  });

  it("names the console's chunks on every page, the start page's only there, each language's strings, and nothing the entry loads already", () => {
    const { boot } = build();
    const lists = [...(boot?.source ?? '').matchAll(/\[("[^\]]*")\]/g)].map((match) => JSON.parse(`[${match[1]}]`) as string[]);
    expect(lists).toContainEqual(['/assets/Console-c.js', '/assets/Console-c.css', '/assets/query-d.js']);
    // the dashboard bar's markdown text last, fetched but not run (a bar without one never asks for it)
    expect(lists).toContainEqual(['/assets/activities-e.js', '/assets/markdown-f.js', '/assets/widget-markdown-j.js', '/assets/markdown-it-k.js']);
    expect(lists).toContainEqual(['/assets/de-g.js', '/assets/de-h.js']);
    expect(lists).toContainEqual(['/assets/en-i.js']);
    expect(boot?.source).not.toContain('react-b.js');
    expect(boot?.source).toContain('"/api/v1/activitystreams/all/activities","/widgetbars/as-dashboard"');
  });
  it('asks for nothing when it runs after the console closed the early reads (an async script may run late)', () => {
    const { boot } = build();
    const run = (early: unknown): { fetched: string[]; linked: number; early: unknown } => {
      const fetched: string[] = [];
      let linked = 0;
      const window: Record<string, unknown> = { [EARLY_READS_GLOBAL]: early };
      const document = { createElement: () => ({}), head: { appendChild: () => (linked += 1) } };
      const fetch = (url: string) => {
        fetched.push(url);
        return Promise.resolve();
      };
      // the script reads only these globals
      runInNewContext(boot?.source ?? '', { window, document, location: { pathname: '/' }, fetch, localStorage: { getItem: () => null } });
      return { fetched, linked, early: window[EARLY_READS_GLOBAL] };
    };
    const open = run(undefined);
    expect(open.fetched).toEqual(['/api/v1/network', '/api/v1/activitystreams/all/activities', '/widgetbars/as-dashboard']);
    expect(open.linked).toBeGreaterThan(0);
    expect(run(false)).toEqual({ fetched: [], linked: 0, early: false });
  });
});
