// Lint step: a unit test does no I/O (STYLE.md). A *.unit.spec.ts(x) that imports the file system, a
// database driver, an adapter that opens one, an HTTP client or a whole service is an int test: rename it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
/** imports that mean I/O */
const IO_IMPORTS = [/^(node:)?fs(\/promises)?$/, /^(node:)?(net|http|https|child_process)$/, /^better-sqlite3$/, /^mongodb$/, /^kafkajs$/, /^supertest$/];
/** names that open storage or start a service */
const IO_CALLS = /\b(createSqlite\w+|createInfrastructure|startTestService|startStandalone|temporaryDirectory|mkdtemp\w*)\s*\(/;
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

const unitSpecs = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : unitSpecs(path);
    return /\.unit\.spec\.tsx?$/.test(name) ? [path] : [];
  });

const problems = [];
for (const workspace of workspaces) {
  for (const file of unitSpecs(join(root, workspace, 'src'))) {
    const text = readFileSync(file, 'utf8');
    const imports = [...text.matchAll(SPECIFIER)].map((match) => match[1]).filter((specifier) => IO_IMPORTS.some((pattern) => pattern.test(specifier)));
    const call = text.match(IO_CALLS);
    if (imports.length > 0 || call) problems.push(`${relative(root, file)}: ${[...imports, ...(call ? [call[1]] : [])].join(', ')} (I/O: make it a *.int.spec)`);
  }
}
if (problems.length > 0) {
  process.stderr.write(`unit tests doing I/O:\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}
