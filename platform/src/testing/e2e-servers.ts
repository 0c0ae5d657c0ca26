import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { MongoClient } from 'mongodb';
import type { StartedTestContainer } from 'testcontainers';

/**
 * Where the e2e specs find their real servers: the address an env var names, else a container that
 * testcontainers starts when a Docker engine answers, else nothing (the suite reports itself skipped
 * with the reason). Imported by the e2e specs directly, not through the testing index, so that unit
 * and int specs never load the clients.
 */

/** Asks testcontainers for a container runtime in a child process: registration is synchronous and must not hang. */
const dockerEngineAnswers = (): boolean =>
  spawnSync(
    process.execPath,
    ['-e', `require(${JSON.stringify(require.resolve('testcontainers'))}).getContainerRuntimeClient().then(() => process.exit(0), () => process.exit(1))`],
    { timeout: 10_000, stdio: 'ignore' },
  ).status === 0;

export interface ContainerRecipe {
  image: string;
  environment: Record<string, string>;
  port: number;
  health: { path: string; status: number };
  /** the address clients connect to, from the container's host and mapped port */
  address: (host: string, port: number) => string;
}

export type E2eServer =
  | { available: true; address: () => Promise<string>; stop: () => Promise<void> }
  | { available: false; reason: string; stop: () => Promise<void> };

export const serverFromEnvOrContainer = (envVar: string, recipe: ContainerRecipe): E2eServer => {
  const configured = process.env[envVar];
  if (!configured && !dockerEngineAnswers()) {
    return { available: false, reason: `${envVar} not set and no Docker engine`, stop: () => Promise.resolve() };
  }
  let container: StartedTestContainer | null = null;
  let address: Promise<string> | null = null;
  const start = async (): Promise<string> => {
    const { GenericContainer, Wait } = await import('testcontainers');
    container = await new GenericContainer(recipe.image)
      .withEnvironment(recipe.environment)
      .withExposedPorts(recipe.port)
      .withWaitStrategy(Wait.forHttp(recipe.health.path, recipe.port).forStatusCode(recipe.health.status))
      .withStartupTimeout(120_000)
      .start();
    return recipe.address(container.getHost(), container.getMappedPort(recipe.port));
  };
  return {
    available: true,
    address: () => (address ??= configured ? Promise.resolve(configured) : start()),
    stop: async () => {
      await container?.stop();
    },
  };
};

/** A database of its own on the MongoDB-wire server named by MONGODB_URL, dropped afterwards. */
export const mongoE2eDatabase = (prefix: string): { url: string | undefined; database: string; drop: () => Promise<void> } => {
  const url = process.env['MONGODB_URL'];
  const database = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  return {
    url,
    database,
    drop: async () => {
      if (!url) return;
      const client = await MongoClient.connect(url);
      await client.db(database).dropDatabase();
      await client.close();
    },
  };
};
