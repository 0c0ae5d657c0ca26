import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import calendarDe from '../calendars/i18n/de.json';
import de from './de.json';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`)));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });

/**
 * No raw key on the screen: every message key the console's code names literally (t('…'), labels and
 * titles of the navigation, empty states) exists in the German strings, a plural by its forms; the other
 * languages follow German (translations-complete). Ids that look like keys (`id: '…'`) are not keys.
 */
describe('message keys the code uses', () => {
  const known = new Set(flatten({ ...(de as Tree), ...(calendarDe as Tree) }));
  const namespaces = new Set([...known].map((key) => key.split('.')[0]));
  const exists = (key: string): boolean => known.has(key) || known.has(`${key}_one`) || [...known].some((k) => k.startsWith(`${key}.`));

  it('exist in the German strings', () => {
    const root = join(__dirname, '..');
    const missing: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(root)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(\bid:\s*)?['"`]([a-z_]+(?:\.[a-z0-9_]+)+)['"`]/g)) {
        const [, isId, key] = match;
        if (isId || !key || !namespaces.has(key.split('.')[0] ?? '')) continue;
        checked += 1;
        if (!exists(key)) missing.push(`${relative(root, file)}: ${key}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
