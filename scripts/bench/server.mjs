// Runs the built standalone server (standalone/dist/main.js) as a child process for the benchmark.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const LOG_LIMIT = 64 * 1024;
const running = new Set();

// never leave a server behind, whatever way the benchmark ends
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

// BENCH_PORTS=<from>-<to> keeps the servers in a range (a machine shared by several benches); otherwise any port
const [portFrom, portTo] = (process.env.BENCH_PORTS ?? '').split('-').map(Number);
let nextPort = portFrom;
const listenOn = (port) =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });

export const freePort = async () => {
  if (!portFrom || !portTo) return listenOn(0);
  for (let tries = 0; tries <= portTo - portFrom; tries += 1) {
    const port = nextPort;
    nextPort = nextPort >= portTo ? portFrom : nextPort + 1;
    try {
      return await listenOn(port);
    } catch {
      // taken: the next one
    }
  }
  throw new Error(`no free port in BENCH_PORTS ${process.env.BENCH_PORTS}`);
};

/**
 * Starts the server and resolves once GET /health/ready answers 200. Rejects with the tail of its log when
 * it exits first or is not ready within `readyTimeoutMs`. `nodeArgs` go before the script (`--cpu-prof`, which
 * NODE_OPTIONS refuses).
 */
export const startServer = async ({ root, dataDir, port, env = {}, readyTimeoutMs = 60_000, nodeArgs = [] }) => {
  const main = join(root, 'standalone', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} does not exist: run \`npm run build\` first (or \`npm run bench\`)`);
  let log = '';
  const append = (chunk) => {
    log += chunk.toString();
    if (log.length > LOG_LIMIT) log = log.slice(-LOG_LIMIT);
  };
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.once('exit', () => running.delete(child));
  const baseUrl = `http://127.0.0.1:${port}`;
  const tail = () => log.split('\n').slice(-40).join('\n');

  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready:\n${tail()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > readyTimeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${readyTimeoutMs / 1000} s (GET ${baseUrl}/health/ready):\n${tail()}`);
    }
    await sleep(100);
  }
  const readyMs = performance.now() - started;

  const stop = async (timeoutMs = 20_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill('SIGTERM');
    const result = await Promise.race([exited, sleep(timeoutMs).then(() => null)]);
    if (result === null) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`the server did not stop within ${timeoutMs / 1000} s of SIGTERM:\n${tail()}`);
    }
    return result;
  };
  return { baseUrl, child, readyMs, log: () => log, tail, stop };
};

/** Runs a node script to its end; resolves with its duration and output, rejects on a non-zero exit or timeout. */
export const runScript = async ({ root, script, env = {}, timeoutMs }) => {
  const path = join(root, script);
  if (!existsSync(path)) throw new Error(`${path} does not exist: run \`npm run build\` first`);
  let out = '';
  const started = performance.now();
  const child = spawn(process.execPath, [path], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.stdout.on('data', (chunk) => (out += chunk.toString()));
  child.stderr.on('data', (chunk) => (out += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const { code, signal } = await new Promise((resolve) => child.once('exit', (c, s) => resolve({ code: c, signal: s })));
  clearTimeout(timer);
  running.delete(child);
  const durationMs = performance.now() - started;
  if (code !== 0) {
    const why = signal === 'SIGKILL' ? `was killed after ${timeoutMs / 1000} s` : `exited with ${code ?? signal}`;
    throw new Error(`${script} ${why}:\n${out.split('\n').slice(-40).join('\n')}`);
  }
  return { durationMs, output: out };
};
