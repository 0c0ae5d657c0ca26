import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { BASE_URL_ENV, DATA_DIR_ENV, SHOTS } from './paths';

const fromSetup = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through e2e-browser/playwright.config.ts (its global setup starts the server)`);
  return value;
};

interface Scenario {
  /** the standalone server the global setup started */
  baseUrl: string;
  /** its DATA_DIR (the outbox of sent mail is in it) */
  dataDir: string;
  /**
   * Every page of every context a scenario opens is watched for Content-Security-Policy violations: a
   * console the policy breaks (an inline script, a style or a connection it forbids) fails the scenario.
   */
  cspViolations: string[];
}

export const test = base.extend<Scenario>({
  baseUrl: async ({}, use) => use(fromSetup(BASE_URL_ENV)),
  dataDir: async ({}, use) => use(fromSetup(DATA_DIR_ENV)),
  cspViolations: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const openContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await openContext(...args);
        context.on('page', (page) => {
          page.on('console', (message) => {
            if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
          });
        });
        return context;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = openContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const screenshotPath = (name: string): string => join(SHOTS, name);

/**
 * Passwords a scenario has set on a server (the seed's are 'changeme'), kept in a file of the shared server's
 * data folder: later sign-ins still work after Playwright restarts a worker (which it does after a failure),
 * and a scenario that starts a server of its own signs in there with the seed's.
 */
const passwordsFile = (): string => join(fromSetup(DATA_DIR_ENV), 'e2e-passwords.json');
const storedPasswords = (): Record<string, string> => {
  try {
    return JSON.parse(readFileSync(passwordsFile(), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
};
export const passwords = {
  get: (baseUrl: string, email: string): string | undefined => storedPasswords()[`${baseUrl} ${email}`],
  set: (baseUrl: string, email: string, password: string): void =>
    writeFileSync(passwordsFile(), JSON.stringify({ ...storedPasswords(), [`${baseUrl} ${email}`]: password })),
};

export const signInMember = async (page: Page, baseUrl: string, email: string): Promise<void> => {
  await page.goto(`${baseUrl}/users/sign_in`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', passwords.get(baseUrl, email) ?? 'changeme');
  await page.click('[data-testid="sign-in-submit"]');
  await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'), { timeout: 15_000 });
};

interface OutboxMail {
  to: string[];
  sentAt: string;
  text: string;
}

const isOutboxMail = (value: unknown): value is OutboxMail =>
  typeof value === 'object' &&
  value !== null &&
  'to' in value &&
  Array.isArray(value.to) &&
  'sentAt' in value &&
  typeof value.sentAt === 'string' &&
  'text' in value &&
  typeof value.text === 'string';

/** The newest mail to `to` in the embedded outbox (one JSON file per mail), waiting for it to be written. */
export const newestMailTo = async (dataDir: string, to: string, after: string): Promise<OutboxMail> => {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((name) => name.endsWith('.json')).sort();
    } catch {
      // no mail written yet
    }
    const mails = files
      .map((name): unknown => JSON.parse(readFileSync(join(outbox, name), 'utf8')))
      .filter(isOutboxMail)
      .filter((mail) => mail.to.includes(to) && mail.sentAt >= after);
    const newest = mails.at(-1);
    if (newest) return newest;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} in ${outbox}`);
};

/** Signs in to the admin console and waits for the menu entry `menuTestId` (the role's menu is loaded). */
export const signInAdmin = async (page: Page, baseUrl: string, email: string, menuTestId: string): Promise<void> => {
  await page.goto(`${baseUrl}/admin/`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', 'changeme');
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(/#\/.+|#\/$/, { timeout: 15_000 });
  await page.locator(`[data-testid="${menuTestId}"]`).waitFor({ timeout: 15_000 });
};

/** Replaces the text of the admin console's rich-text input `testId`. */
export const writeRichText = async (page: Page, testId: string, text: string): Promise<void> => {
  const area = page.locator(`[data-testid="${testId}"]`);
  await area.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
};
