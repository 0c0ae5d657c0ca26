// Lint step: every package a workspace imports is declared in that workspace's package.json (runtime
// code in dependencies, spec and test-kit code in dependencies or devDependencies), and a workspace declares
// nothing it does not import. Node's built-ins and relative imports need no declaration.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
/** packages a tool loads by name from configuration, not by an import in the sources */
const LOADED_BY_TOOLS = new Set(['@vitejs/plugin-react', 'vite']);

const sourceFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|cts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
const packageOf = (specifier) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};
/** specs and the test kit (contract suites, fakes, harnesses) may use devDependencies */
const isTestFile = (path) => /\.spec\.tsx?$|\/__tests__\/|\/testing\/|\.contract\.ts$|-fake\.ts$/.test(path);

const problems = [];
for (const workspace of workspaces) {
  const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
  const runtime = new Set(Object.keys(manifest.dependencies ?? {}));
  const development = new Set(Object.keys(manifest.devDependencies ?? {}));
  const used = new Set();
  for (const file of sourceFiles(join(root, workspace, 'src'))) {
    // comments may mention "from 'x'" in prose
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/[^\n]*/g, '$1');
    for (const [, specifier] of text.matchAll(SPECIFIER)) {
      if (specifier.startsWith('.') || builtins.has(specifier) || builtins.has(specifier.split('/')[0])) continue;
      const name = packageOf(specifier);
      if (name === manifest.name) continue;
      used.add(name);
      const declared = runtime.has(name) || (isTestFile(file) && development.has(name));
      if (!declared) problems.push(`${relative(root, file)} imports ${name}, which ${workspace}/package.json does not declare${isTestFile(file) ? '' : ' in dependencies'}`);
    }
  }
  for (const name of [...runtime, ...development]) {
    if (!used.has(name) && !LOADED_BY_TOOLS.has(name) && !name.startsWith('@types/')) problems.push(`${workspace}/package.json declares ${name}, which nothing in ${workspace}/src imports`);
  }
}
const unique = [...new Set(problems)];
for (const problem of unique) console.error(problem);
if (unique.length > 0) process.exit(1);
