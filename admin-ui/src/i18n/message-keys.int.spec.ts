import { germanCoreMessages } from './de-ra';
import { germanAppMessages } from './de';
import { messagesFor } from './messagesFor';

// the console compiles without Node's types: the file system comes through jest, typed here
const { readdirSync, readFileSync, statSync } = jest.requireActual<{
  readdirSync: (path: string) => string[];
  readFileSync: (path: string, encoding: 'utf8') => string;
  statSync: (path: string) => { isDirectory: () => boolean };
}>('node:fs');
const { dirname, join, relative } = jest.requireActual<{
  dirname: (path: string) => string;
  join: (...paths: string[]) => string;
  relative: (from: string, to: string) => string;
}>('node:path');

type Tree = { readonly [key: string]: unknown };

const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : value && typeof value === 'object' ? leaves(value as Tree, `${prefix}${key}.`) : [],
  );

const consoleSrc = join(dirname(expect.getState().testPath ?? ''), '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' || name === 'i18n' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });

/**
 * No raw message key on the administrator console's screens: every key its code names literally
 * ('cn.…', 'ra.…', 'resources.…') exists in the German messages (the default language; the other
 * languages are held to German's keys by messages-complete), and every key built from a prefix
 * (`cn.errors.${key}`) names a group of messages that exists.
 */
describe('message keys of the administrator console', () => {
  const known = new Set(leaves(messagesFor(germanCoreMessages, germanAppMessages)));
  const exists = (key: string) => known.has(key) || [...known].some((leaf) => leaf.startsWith(`${key}.`));
  const files = sourceFiles(consoleSrc).map((file) => ({ file: relative(consoleSrc, file), text: readFileSync(file, 'utf8') }));

  it('finds every literal key in the German messages', () => {
    const literal = files.flatMap(({ file, text }) =>
      [...text.matchAll(/['"`]((?:cn|ra|resources)\.[a-z0-9_]+(?:\.[a-z0-9_]+)+)['"`]/g)].map((match) => ({ file, key: match[1] })),
    );
    expect(literal.length).toBeGreaterThan(50);
    expect(literal.filter(({ key }) => !exists(key)).map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
  });

  it('finds the group of every key built from a prefix', () => {
    const prefixes = files.flatMap(({ file, text }) =>
      [...text.matchAll(/`((?:cn|ra|resources)\.[a-z0-9_.]+)\.\$\{/g)].map((match) => ({ file, prefix: match[1] })),
    );
    expect(prefixes.length).toBeGreaterThan(3);
    expect(prefixes.filter(({ prefix }) => !exists(prefix)).map(({ file, prefix }) => `${file}: ${prefix}.*`)).toEqual([]);
  });
});
