// Lint step: no raw message key on the member console's screens. Every key the console's code names
// literally (t('…'), navigation labels and titles, empty states) exists in the German strings (a plural by
// its forms); the other languages follow German (translations-complete test). A string that looks like a
// key after `id:` is an id, not a key.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const consoleSrc = join(root, 'member-ui', 'src');
const strings = ['member-ui/src/i18n/de.json', 'member-ui/src/calendars/i18n/de.json'].map((file) => JSON.parse(readFileSync(join(root, file), 'utf8')));

const flatten = (tree, prefix = '') =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`)));
const known = new Set(strings.flatMap((tree) => flatten(tree)));
const namespaces = new Set([...known].map((key) => key.split('.')[0]));
const exists = (key) => known.has(key) || known.has(`${key}_one`) || [...known].some((k) => k.startsWith(`${key}.`));

const sourceFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });

const missing = [];
let checked = 0;
for (const file of sourceFiles(consoleSrc)) {
  const text = readFileSync(file, 'utf8');
  for (const [, isId, key] of text.matchAll(/(\bid:\s*)?['"`]([a-z_]+(?:\.[a-z0-9_]+)+)['"`]/g)) {
    if (isId || !namespaces.has(key.split('.')[0])) continue;
    checked += 1;
    if (!exists(key)) missing.push(`${relative(root, file)}: ${key}`);
  }
}
if (checked < 100) {
  console.error(`check-message-keys: only ${checked} keys found, the scan is broken`);
  process.exit(1);
}
if (missing.length > 0) {
  console.error(`check-message-keys: keys the German strings lack (they would show raw):\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
