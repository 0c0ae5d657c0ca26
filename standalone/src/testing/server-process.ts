import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Runs the built standalone server (`standalone/dist/main.js`) as a child process for process-level tests. */
export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
  kill: () => Promise<void>;
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const mainScript = join(__dirname, '..', '..', 'dist', 'main.js');

export const startServer = async (options: { dataDir: string; port?: number; env?: Record<string, string> }): Promise<ServerProcess> => {
  const port = options.port ?? (await freePort());
  let log = '';
  const child = spawn(process.execPath, [mainScript], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DEMO_SEED: 'true',
      PASSWORD_SCRYPT_N: '1024',
      SESSION_SECRET: 'test-secret-for-process-tests-0123456789',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(`${baseUrl}/health/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within 30 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    child,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
};

/** A signed-in HTTP client speaking the platform's conventions (session cookie, CSRF header, consistency). */
export interface ApiClient {
  memberId: string;
  /** the session cookie (`cn_session=...`) */
  cookie: string;
  request: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;
}

export const signIn = async (baseUrl: string, email: string, password = 'changeme'): Promise<ApiClient> => {
  const response = await fetch(`${baseUrl}/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign in as ${email}: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const signedIn = (await response.json()) as { member: { id: string } };
  const network = (await (await fetch(`${baseUrl}/api/v1/network`, { headers: { cookie } })).json()) as {
    csrf_token: string;
  };
  return {
    memberId: signedIn.member.id,
    cookie,
    request: (method, path, body, headers = {}) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          cookie,
          'x-csrf-token': network.csrf_token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
};
