import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_URL_ENV, DATA_DIR_ENV, PORT_ENV, REPOSITORY_ROOT, SERVER_LOG, SERVER_ROOT_ENV, SHOTS } from './paths';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no port'))));
    });
  });

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the built standalone server (`npm run build` first; CN_BROWSER_SERVER_ROOT names another checkout's build,
 * e.g. to measure the same specs against an older build) on a fresh data folder with the demo seed,
 * waits until it is ready and hands its address and folder to the workers through the environment.
 * Answers the teardown: stop the server, remove the folder. The server's output goes to SERVER_LOG.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync(SHOTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-browser-'));
  // CN_BROWSER_PORT: a fixed port (engineers sharing a machine keep to their own range), else a free one
  const port = Number(process.env[PORT_ENV]) || (await freePort());
  const log = createWriteStream(SERVER_LOG);
  const child = spawn(process.execPath, [join(process.env[SERVER_ROOT_ENV] ?? REPOSITORY_ROOT, 'standalone/dist/main.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_SEED: 'true', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const teardown = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, delay(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await teardown();
      throw new Error(`the server exited during start (log: ${SERVER_LOG})`);
    }
    try {
      if ((await fetch(`${baseUrl}/health/ready`)).ok) {
        process.env[BASE_URL_ENV] = baseUrl;
        process.env[DATA_DIR_ENV] = dataDir;
        return teardown;
      }
    } catch {
      // not listening yet
    }
    await delay(200);
  }
  await teardown();
  throw new Error(`the server was not ready within 60 s (log: ${SERVER_LOG})`);
}
