import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests: the built standalone server on a fresh data folder (global-setup.ts), driven in Debian's
 * headless Chromium (never a downloaded browser). One worker, scenarios in file order: they share the server
 * and its demo data. `npm run test:browser` builds first; the CI reporter writes .ci-browser.json.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: resolve(__dirname, '../test-results/playwright'),
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 180_000,
  reporter: [['list'], ['./ci-reporter.ts']],
  use: {
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
});
