// The npm registry this project's machines reach serves the Linux builds of native packages only, so
// `npm install` leaves the other platforms' optional packages (@swc/core-darwin-arm64, @rollup/...)
// out of package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds each missing
// optional package as an optional entry of the version its parent asks for; `npm ci` skips what it
// cannot install for the platform it runs on. Run after changing dependencies:
//   npm install && node scripts/lockfile-optional-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;

const locate = (parentPath, name) => {
  // resolution as node does it: nested node_modules first, then each ancestor's
  let base = parentPath;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    const at = base.lastIndexOf('node_modules/');
    if (at < 0) return null;
    base = base.slice(0, Math.max(0, at - 1));
  }
};

for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (locate(path, name)) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) continue; // only exact pins: platform builds are pinned
    const target = `node_modules/${name}`;
    packages[target] = { version: range, ...(entry.dev ? { dev: true } : {}), optional: true };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
