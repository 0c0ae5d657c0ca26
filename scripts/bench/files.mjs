// Files bench scenario: upload and download MB/s through HTTP beside a raw disk write and read of the same
// bytes, and the server's resident memory while a large file streams (it should stay flat, not grow with
// the file). `filesScenario({ baseUrl, session, serverPid, megabytes })` is called by scripts/bench.mjs in
// its own run; alone, against a running server (standalone or gateway):
//   BENCH_URL=http://127.0.0.1:3000 [SERVER_PID=<pid>] [FILES_BENCH_MB=256] node scripts/bench/files.mjs
// prints one JSON line. The server's FILES_MAX_UPLOAD_MB must allow the size.
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { signIn } from './client.mjs';

const rssOf = (pid) => {
  if (pid === null) return null;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;

/** the file's bytes, generated in 1 MiB chunks (never all in memory) */
const source = async function* (megabytes) {
  const chunk = randomBytes(1024 * 1024);
  for (let index = 0; index < megabytes; index += 1) {
    chunk.writeUInt32LE(index, 0);
    yield chunk;
  }
};

export const filesScenario = async ({ baseUrl, session, serverPid = null, megabytes = 256 }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cn-files-bench-'));
  const rawPath = join(dir, 'raw.bin');
  try {
    // raw disk: write and read the same amount with fsync, the floor HTTP is compared with
    let start = process.hrtime.bigint();
    await pipeline(source(megabytes), createWriteStream(rawPath, { flush: true }));
    const rawWrite = megabytes / seconds(start);
    start = process.hrtime.bigint();
    for await (const _ of createReadStream(rawPath)) {
      // read through
    }
    const rawRead = megabytes / seconds(start);

    // through HTTP: a streamed multipart upload, then the download
    const network = await (await fetch(`${baseUrl}/api/v1/network`, { headers: { cookie: session.cookie } })).json();
    const boundary = `bench${Date.now()}`;
    const body = async function* () {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
      yield* source(megabytes);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    };
    const samples = [];
    const sampler = setInterval(() => {
      const rss = rssOf(serverPid);
      if (rss !== null) samples.push(rss);
    }, 100);
    try {
      start = process.hrtime.bigint();
      const uploaded = await fetch(`${baseUrl}/api/storage/files`, {
        method: 'POST',
        headers: { cookie: session.cookie, 'x-csrf-token': network.csrf_token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: ReadableStream.from(body()),
        duplex: 'half',
      });
      const upload = megabytes / seconds(start);
      const file = await uploaded.json();
      if (!uploaded.ok) throw new Error(`upload answered ${uploaded.status}: ${JSON.stringify(file)}`);
      const published = await session.request('POST', '/api/storage/files/publish', { files: [{ id: file.id }], folder_ids: ['root'] });
      if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
      start = process.hrtime.bigint();
      const downloaded = await fetch(`${baseUrl}/api/storage/files/${file.id}/get/bench.bin?download=1`, {
        headers: { cookie: session.cookie, 'x-consistency-position': String(published.body.position) },
      });
      let bytes = 0;
      for await (const chunk of downloaded.body) bytes += chunk.length;
      const download = megabytes / seconds(start);
      if (bytes !== megabytes * 1024 * 1024) throw new Error(`downloaded ${bytes} bytes of ${megabytes} MiB`);
      return {
        megabytes,
        raw_write_mb_s: Math.round(rawWrite),
        raw_read_mb_s: Math.round(rawRead),
        upload_mb_s: Math.round(upload),
        download_mb_s: Math.round(download),
        server_rss_mb: samples.length > 0 ? { min: Math.round(Math.min(...samples)), max: Math.round(Math.max(...samples)) } : null,
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const baseUrl = process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
  const session = await signIn(baseUrl, process.env.BENCH_EMAIL ?? 'admin@example.org', process.env.BENCH_PASSWORD ?? 'changeme');
  const result = await filesScenario({
    baseUrl,
    session,
    serverPid: process.env.SERVER_PID ? Number(process.env.SERVER_PID) : null,
    megabytes: Number(process.env.FILES_BENCH_MB ?? 256),
  });
  process.stdout.write(`${JSON.stringify({ scenario: 'files', ...result })}\n`);
}
