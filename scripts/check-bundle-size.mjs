#!/usr/bin/env node
// After a build (`npm run build:ui`): the member console's initial script, everything its index.html loads
// before the first render (the entry script, its modulepreloads and whatever they import statically), gzipped
// at level 9 and summed. Prints each file and the sum; exits 1 above the limit (issue 8: 120 kB, kB as
// Vite prints them, 1000 bytes). Builds nothing itself. Usage: node scripts/check-bundle-size.mjs [dist] [limit kB]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.argv[2] ?? join(root, 'member-ui', 'dist'));
const limitKb = Number(process.argv[3] ?? 120);
const index = join(dist, 'index.html');
if (!existsSync(index)) {
  process.stderr.write(`check-bundle-size: ${relative(root, index)} is missing; build the consoles first (npm run build:ui)\n`);
  process.exit(2);
}

const html = readFileSync(index, 'utf8');
/** what index.html loads: module scripts and modulepreloads (absolute paths under the console's base) */
const loaded = [
  ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
  ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
].map((match) => match[1]);

/** a chunk's static imports (`import{a}from"./x.js"`, `import"./x.js"`), never its dynamic `import("./x.js")` */
const staticImports = (code) => [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((match) => match[1]);

/** `/assets/x.js`, or under a console's base (admin-ui: `/admin/assets/x.js`) */
const fileOf = (src) => {
  const path = src.replace(/^\/+/, '');
  const underBase = path.replace(/^[^/]+\//, '');
  return existsSync(join(dist, path)) || !existsSync(join(dist, underBase)) ? join(dist, path) : join(dist, underBase);
};
const sizes = new Map();
const visit = (file) => {
  if (sizes.has(file)) return;
  if (!existsSync(file)) {
    process.stderr.write(`check-bundle-size: ${relative(dist, file)} is named but missing\n`);
    process.exit(2);
  }
  const code = readFileSync(file);
  sizes.set(file, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  for (const imported of staticImports(code.toString('utf8'))) visit(resolve(dirname(file), imported));
};
for (const src of loaded) visit(fileOf(src));

let total = 0;
for (const [file, { raw, gzip }] of [...sizes].sort((a, b) => b[1].gzip - a[1].gzip)) {
  total += gzip;
  process.stdout.write(`${(gzip / 1000).toFixed(2).padStart(8)} kB gzip ${(raw / 1000).toFixed(2).padStart(9)} kB  ${relative(dist, file)}\n`);
}
const verdict = total <= limitKb * 1000;
process.stdout.write(`${(total / 1000).toFixed(2).padStart(8)} kB gzip: the initial script of ${relative(root, dist) || dist} (limit ${limitKb} kB) ${verdict ? 'ok' : 'TOO BIG'}\n`);
process.exit(verdict ? 0 : 1);
