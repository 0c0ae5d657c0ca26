#!/usr/bin/env node
// After a console build: writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the
// given dist folders, so the server (standalone's static-consoles, nginx's gzip_static) sends them as they are
// instead of compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt|webmanifest|ico)$/;
/** below this a compressed copy saves less than its headers cost */
const MIN_BYTES = 1024;

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

let written = 0;
for (const dir of process.argv.slice(2)) {
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    written += 1;
  }
}
process.stdout.write(`precompressed ${written} files\n`);
