// Browser tests: the built standalone server on a fresh data folder, driven in Debian's headless
// Chromium with playwright-core. Writes .ci-browser.json (jest's summary shape) and prints a closing line.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const shots = join(root, 'test-results', 'browser');
mkdirSync(shots, { recursive: true });

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const startServer = async (dataDir) => {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [join(root, 'standalone/dist/main.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_SEED: 'true', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => (log += c));
  child.stderr.on('data', (c) => (log += c));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/health/ready`)).ok) return { baseUrl, child, log: () => log };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready:\n${log}`);
};

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

/** passwords a scenario has set (the seed's are 'changeme'), so later scenarios still sign in */
const passwords = new Map();

const signInMember = async (page, baseUrl, email) => {
  await page.goto(`${baseUrl}/users/sign_in`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', passwords.get(email) ?? 'changeme');
  await page.click('[data-testid="sign-in-submit"]');
  await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'), { timeout: 15_000 });
};

test('admin changes the network name in admin-ui and members see it in member-ui', async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/`);
  await page.fill('input[name="email"]', 'admin@example.org');
  await page.fill('input[name="password"]', 'changeme');
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(/#\/(settings|audit)/, { timeout: 15_000 });
  await page.goto(`${baseUrl}/admin/#/settings/network`);
  const nameInput = page.locator('input[name="basic.name"]');
  await nameInput.waitFor({ timeout: 15_000 });
  const newName = `Nachbarschaft ${Date.now()}`;
  await nameInput.fill(newName);
  await page.locator('[data-testid="settings-save"]').click();
  await page.getByText(/gespeichert|saved|saving_successful/i).first().waitFor({ timeout: 15_000 });
  await page.screenshot({ path: join(shots, 'admin-settings-saved.png') });

  const member = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const memberPage = await member.newPage();
  await signInMember(memberPage, baseUrl, 'member@example.org');
  await memberPage.locator('[data-testid="network-name"]').filter({ hasText: newName }).waitFor({ timeout: 15_000 });
  await memberPage.screenshot({ path: join(shots, 'member-sees-network-name.png') });
  await member.close();

  // the change is in the audit history with who and when
  const audit = await page.request.get(`${baseUrl}/api/v1/audit/events?stream=network-default&type=NetworkBasicSettingsChanged`);
  const body = await audit.json();
  const entry = body.events.find((event) => event.data.basic.name === newName);
  if (!entry || !entry.who.id || !entry.when) throw new Error(`audit entry missing: ${JSON.stringify(body).slice(0, 500)}`);
  await context.close();
});

test('a member searches the directory and sees other members', async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInMember(page, baseUrl, 'member@example.org');
  await page.goto(`${baseUrl}/directory/members`);
  const search = page.locator('[data-testid="directory-search"]');
  await search.fill('admi');
  // the list narrows to the one member whose name starts with "admi" (debounced search, then the answer)
  await page.waitForFunction(
    () => {
      const rows = [...document.querySelectorAll('[data-testid="member-row"]')];
      return rows.length === 1 && rows[0].textContent.includes('Ada Admin');
    },
    undefined,
    { timeout: 15_000 },
  );
  await page.screenshot({ path: join(shots, 'directory-search.png') });
  await context.close();
});

test('the member console fits a 375 px wide screen', async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await signInMember(page, baseUrl, 'member@example.org');
  for (const path of ['/activitystreams', '/directory/members', '/appointments', '/appointments/invites', '/appointments/new', '/calendars/manage']) {
    await page.goto(`${baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 1) throw new Error(`${path} overflows by ${overflow}px at 375px`);
  }
  await page.screenshot({ path: join(shots, 'member-375.png') });
  await context.close();
});

test('a weekly appointment: created, accepted from the invites page, every occurrence on next month\'s sheet, .ics parses', async ({ browser, baseUrl }) => {
  const organizer = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await organizer.newPage();
  await signInMember(page, baseUrl, 'member@example.org');
  await page.goto(`${baseUrl}/appointments/new`);
  const name = `Lauftreff ${Date.now()}`;
  await page.fill('input[name="name"]', name);
  const calendar = page.locator('input[name="calendar_ids"]').first();
  if (!(await calendar.isChecked())) await calendar.check();
  await page.selectOption('select[name="recurrence_pattern.recurrence_frequency"]', 'weekly');
  const startDate = await page.inputValue('input[name="date.start_date"]');
  await page.click('[data-testid="save-appointment"]');
  const detail = page.locator('[data-testid="appointment-detail"]');
  await detail.waitFor({ timeout: 15_000 });
  const appointmentId = await detail.getAttribute('data-appointment-id');
  if (!appointmentId) throw new Error('no appointment id on the detail page');

  // invite Ada Admin
  await page.click('[data-testid="manage-participants"]');
  await page.fill('input[name="membership_ids"]', 'Ada');
  await page.locator('[data-testid="picker-result"]').filter({ hasText: 'Ada' }).first().click();
  await page.click('[data-testid="add-participants-submit"]');
  await page.locator('[data-testid="participants-list"] [data-testid="participant"]').filter({ hasText: 'Ada' }).first().waitFor({ timeout: 15_000 });

  // Ada accepts from the invites page
  const invitee = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adaPage = await invitee.newPage();
  await signInMember(adaPage, baseUrl, 'admin@example.org');
  await adaPage.goto(`${baseUrl}/appointments/invites`);
  await adaPage.click('[data-testid="invites-tab-open"]');
  await adaPage.locator(`[data-testid="invite"][data-appointment-id="${appointmentId}"] [data-testid="rsvp-accept"]`).click();
  await adaPage.waitForTimeout(300);
  await adaPage.click('[data-testid="invites-tab-accepted"]');
  await adaPage.locator(`[data-testid="invite"][data-appointment-id="${appointmentId}"]`).waitFor({ timeout: 15_000 });
  await adaPage.screenshot({ path: join(shots, 'invite-accepted.png') });
  await invitee.close();

  // next month's sheet shows the series on every matching weekday
  await page.goto(`${baseUrl}/appointments`);
  await page.locator('[data-testid="month-sheet"]').waitFor({ timeout: 15_000 });
  if (await page.locator('[data-testid="view-sheet"]').count()) await page.click('[data-testid="view-sheet"]');
  await page.click('[data-testid="next-month"]');
  const start = new Date(`${startDate}T00:00:00Z`);
  const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
  const expected = [];
  for (let day = new Date(next); day.getUTCMonth() === next.getUTCMonth(); day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() === start.getUTCDay() && day > start) expected.push(day.toISOString().slice(0, 10));
  }
  for (const date of expected) {
    await page
      .locator(`[data-testid="sheet-cell"][data-date="${date}"] [data-testid="appointment-chip"]`)
      .filter({ hasText: name })
      .first()
      .waitFor({ timeout: 15_000 });
  }
  await page.screenshot({ path: join(shots, 'month-sheet-next-month.png') });

  // the .ics download parses
  await page.goto(`${baseUrl}/appointments/${appointmentId}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="download-ics"]')]);
  const { readFileSync } = await import('node:fs');
  const ics = readFileSync(await download.path(), 'utf8').replace(/\r\n[ \t]/g, '');
  const lines = ics.split(/\r\n/);
  const required = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'END:VEVENT', 'END:VCALENDAR'];
  for (const line of required) if (!lines.includes(line)) throw new Error(`.ics lacks ${line}:\n${ics}`);
  if (!lines.some((line) => line.startsWith('RRULE:') && line.includes('FREQ=WEEKLY'))) throw new Error(`.ics lacks a weekly RRULE:\n${ics}`);
  if (!lines.some((line) => line.startsWith('SUMMARY') && line.endsWith(name))) throw new Error(`.ics lacks the summary:\n${ics}`);
  if (!lines.some((line) => /^DTSTART[;:]/.test(line))) throw new Error(`.ics lacks DTSTART:\n${ics}`);
  // a browser following the link directly gets the file, not the console
  const direct = await page.request.get(`${baseUrl}/appointments/${appointmentId}.ics`, { headers: { accept: 'text/html,*/*;q=0.8' } });
  if (!(await direct.text()).startsWith('BEGIN:VCALENDAR')) throw new Error('navigating to the .ics got the console page');
  await organizer.close();
});

/** The newest mail to `to` in the embedded outbox (one JSON file per mail), waiting for it to be written. */
const newestMailTo = async (dataDir, to, after) => {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    let files = [];
    try {
      files = readdirSync(outbox).filter((name) => name.endsWith('.json')).sort();
    } catch {}
    const mails = files.map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8'))).filter((mail) => mail.to.includes(to) && mail.sentAt >= after);
    if (mails.length > 0) return mails.at(-1);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} in ${outbox}`);
};

test('a signed-out member resets the password from the sign-in page, signs in with it and changes it on /users/edit', async ({ browser, baseUrl, dataDir }) => {
  const email = 'member@example.org';
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/users/sign_in`);
  await page.click('[data-testid="forgot-password-link"]');
  await page.waitForURL((url) => url.pathname === '/users/password/new');
  if ((await page.locator('[data-testid="left-navigation"], [data-testid="header"]').count()) > 0) throw new Error('the reset request page shows navigation');

  // the answer is the same for an address nobody has
  await page.fill('input[name="email"]', 'nobody-here@example.org');
  await page.click('[data-testid="password-reset-request-submit"]');
  const unknownAnswer = await page.locator('[data-testid="password-reset-requested"]').textContent({ timeout: 15_000 });
  await page.goto(`${baseUrl}/users/password/new`);
  const requestedAt = new Date(Date.now() - 1000).toISOString();
  await page.fill('input[name="email"]', email);
  await page.click('[data-testid="password-reset-request-submit"]');
  const knownAnswer = await page.locator('[data-testid="password-reset-requested"]').textContent({ timeout: 15_000 });
  if (knownAnswer !== unknownAnswer) throw new Error(`the confirmation differs by address:\n${knownAnswer}\n${unknownAnswer}`);
  await page.screenshot({ path: join(shots, 'password-reset-requested.png') });

  const mail = await newestMailTo(dataDir, email, requestedAt);
  const link = /\S+\/users\/password\/edit\?reset_password_token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in the mail:\n${mail.text}`);
  const { pathname, search } = new URL(link);
  await page.goto(`${baseUrl}${pathname}${search}`);
  await page.locator('[data-testid="password-reset-form"]').waitFor({ timeout: 15_000 });
  if ((await page.locator('[data-testid="left-navigation"], [data-testid="header"]').count()) > 0) throw new Error('the reset page shows navigation');

  // the console's own checks first: too short, then not confirmed
  await page.fill('input[name="password"]', 'kurz');
  await page.click('[data-testid="password-reset-submit"]');
  await page.locator('[data-testid="error-password"]').waitFor();
  const chosen = `Fahrrad Sonnenblume ${Date.now()}`;
  await page.fill('input[name="password"]', chosen);
  if ((await page.locator('[data-testid="error-password"]').count()) > 0) throw new Error('the length error stays after the fix');
  await page.click('[data-testid="toggle-password"]');
  if ((await page.getAttribute('input[name="password"]', 'type')) !== 'text') throw new Error('the show toggle does not show the password');
  await page.fill('input[name="password_confirmation"]', chosen);
  await page.screenshot({ path: join(shots, 'password-reset-form.png') });
  await page.click('[data-testid="password-reset-submit"]');
  await page.waitForURL((url) => url.pathname === '/users/sign_in', { timeout: 15_000 });
  await page.locator('[data-testid="password-reset-notice"]').waitFor({ timeout: 15_000 });

  // the old password is gone, the new one works
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', 'changeme');
  await page.click('[data-testid="sign-in-submit"]');
  await page.locator('[data-testid="sign-in-error"]').waitFor({ timeout: 15_000 });
  await page.fill('input[name="password"]', chosen);
  await page.click('[data-testid="sign-in-submit"]');
  await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'), { timeout: 15_000 });
  passwords.set(email, chosen);

  // and the member changes it once more on the settings page
  await page.goto(`${baseUrl}/users/edit`);
  const form = page.locator('[data-testid="change-password-form"]');
  await form.waitFor({ timeout: 15_000 });
  const changed = `${chosen} und Mond`;
  await form.locator('input[name="current_password"]').fill(chosen);
  await form.locator('input[name="password"]').fill(changed);
  await form.locator('input[name="password_confirmation"]').fill(changed);
  await page.click('[data-testid="change-password-submit"]');
  await page.locator('[data-testid="toast"]').filter({ hasText: /Passwort wurde geändert|password has been changed/ }).waitFor({ timeout: 15_000 });
  passwords.set(email, changed);
  await page.screenshot({ path: join(shots, 'password-changed.png') });
  await context.close();

  const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInMember(await fresh.newPage(), baseUrl, email);
  await fresh.close();
});

const dataDir = mkdtempSync(join(tmpdir(), 'cn-browser-'));
const server = await startServer(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
// every page of every scenario is watched for Content-Security-Policy violations: a console the policy
// breaks (an inline script, a style or a connection it forbids) fails the scenario it happened in
const violations = [];
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
let passed = 0;
let failed = 0;
const results = [];
for (const { name, fn } of tests) {
  const started = Date.now();
  try {
    violations.length = 0;
    await fn({ browser, baseUrl: server.baseUrl, dataDir });
    if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
    passed += 1;
    results.push({ name, status: 'passed', ms: Date.now() - started });
    console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed += 1;
    results.push({ name, status: 'failed', error: String(error?.stack ?? error) });
    console.log(`  ✗ ${name}\n    ${String(error?.message ?? error).split('\n').join('\n    ')}`);
  }
}
await browser.close();
server.child.kill('SIGTERM');
if (failed > 0) console.log(`server log (tail):\n${server.log().split('\n').slice(-40).join('\n')}`);
rmSync(dataDir, { recursive: true, force: true });
writeFileSync(join(root, '.ci-browser.json'), JSON.stringify({ numPassedTests: passed, numFailedTests: failed, numPendingTests: 0, results }, null, 2));
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
