// Security in the browser, on the server and demo data of global-setup.ts: an administrator creates a member
// with a welcome mail, the member chooses a password from its link, sets up an authenticator app (the code is
// computed here, RFC 6238 written again) and signs in with it; the administrator locks them and their open
// session is refused at once. The network's two-factor setting is switched back off at the end.
import type { Page } from '@playwright/test';
import { expect, newestMailTo, screenshotPath, test } from './fixtures';
import { totpAt } from './totp';


const adminApi = async (page: Page, baseUrl: string) => {
  const network = (await (await page.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string };
  return (method: 'put' | 'post' | 'delete', path: string, data?: object) =>
    page.request[method](`${baseUrl}${path}`, { data, headers: { 'X-CSRF-Token': network.csrf_token } });
};

test('a welcomed member sets a password, signs in with an authenticator code, and a lock ends their session at once', async ({ browser, baseUrl, dataDir }) => {
  const email = `welcome${Date.now() % 100000}@example.org`;
  const password = 'a welcome passphrase for the browser';

  // the administrator: signed in to the admin console; two-factor on for the network
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto(`${baseUrl}/admin/`);
  await admin.fill('input[name="email"]', 'admin@example.org');
  await admin.fill('input[name="password"]', 'changeme');
  await admin.click('[data-testid="login-submit"]');
  await admin.waitForURL(/#\/(settings|audit)/, { timeout: 15_000 });
  const call = await adminApi(admin, baseUrl);
  expect((await call('put', '/administration/settings', { member: { two_factor: 'enabled' } })).status()).toBe(200);

  // creates the member with a welcome mail
  const createdAt = new Date().toISOString();
  await admin.goto(`${baseUrl}/admin/#/members/create`);
  await admin.locator('input[name="email"]').waitFor({ timeout: 15_000 });
  await admin.fill('input[name="email"]', email);
  await admin.fill('input[name="first_name"]', 'Wendy');
  await admin.fill('input[name="last_name"]', 'Welcome');
  await admin.locator('button[type="submit"]').click();
  await admin.waitForURL(/#\/members(\?|$)/, { timeout: 15_000 });
  const mail = await newestMailTo(dataDir, email, createdAt);
  const link = /https?:\/\/\S+reset_password_token=\S+/.exec(mail.text)?.[0] ?? '';
  expect(link).not.toBe('');

  // the member chooses a password from the link (against this server, whatever PUBLIC_URL says)
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  const url = new URL(link);
  await member.goto(`${baseUrl}${url.pathname}${url.search}`);
  await member.fill('input[name="password"]', password);
  await member.fill('input[name="password_confirmation"]', password);
  await member.click('[data-testid="password-reset-submit"]');
  await member.waitForURL('**/users/sign_in', { timeout: 15_000 });
  await member.fill('input[name="email"]', email);
  await member.fill('input[name="password"]', password);
  await member.click('[data-testid="sign-in-submit"]');
  await member.waitForURL((target) => !target.pathname.startsWith('/users/'), { timeout: 15_000 });
  // the demo network asks newcomers for their profile first
  await member.locator('[data-testid="onboarding-save"]').click({ timeout: 15_000 });
  await member.waitForURL((target) => !target.pathname.startsWith('/onboarding'), { timeout: 15_000 });

  // sets up the authenticator: the key shown, a code computed from it
  await member.goto(`${baseUrl}/two_factor`);
  await member.locator('[data-testid="add-totp"]').click();
  await expect(member.locator('[data-testid="two-factor-qr"]')).toBeVisible({ timeout: 15_000 });
  const secret = (await member.locator('[data-testid="two-factor-secret"]').textContent()) ?? '';
  // a wrong code first: the spec's invalid code message, nothing added
  await member.fill('[data-testid="add-factor-form"] input[name="code"]', totpAt(secret, Date.now() - 3_600_000));
  await member.locator('[data-testid="add-factor-form"] button[type="submit"]').click();
  await expect(member.locator('[data-testid="two-factor-error"]')).toBeVisible();
  await member.fill('[data-testid="add-factor-form"] input[name="code"]', totpAt(secret, Date.now()));
  await member.locator('[data-testid="add-factor-form"] button[type="submit"]').click();
  await expect(member.locator('[data-testid="backup-codes"] li')).toHaveCount(10, { timeout: 15_000 });
  const download = member.waitForEvent('download');
  await member.locator('[data-testid="download-backup-codes"]').click();
  expect((await download).suggestedFilename()).toBe('backup_codes.txt');
  await member.screenshot({ path: screenshotPath('two-factor-backup-codes.png') });

  // signs in again in a fresh browser: the password, then the second step with the next code
  const againContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const again = await againContext.newPage();
  await again.goto(`${baseUrl}/users/sign_in`);
  await again.fill('input[name="email"]', email);
  await again.fill('input[name="password"]', password);
  await again.click('[data-testid="sign-in-submit"]');
  await again.waitForURL('**/users/two_factor_authentication', { timeout: 15_000 });
  await again.fill('[data-testid="two-factor-sign-in-form"] input[name="code"]', totpAt(secret, Date.now() + 30_000));
  await again.locator('[data-testid="two-factor-sign-in-form"] button[type="submit"]').click();
  await again.waitForURL((target) => !target.pathname.startsWith('/users/'), { timeout: 15_000 });
  await again.goto(`${baseUrl}/two_factor`);
  await expect(again.locator('[data-testid="factor-totp"]')).toBeVisible({ timeout: 15_000 });
  expect((await again.request.get(`${baseUrl}/api/v1/authentication/factors`)).status()).toBe(200);

  // the administrator locks the member from the list: their open session is refused at once
  await admin.goto(`${baseUrl}/admin/#/members?filter=${encodeURIComponent(JSON.stringify({ q: 'Wendy' }))}`);
  const lock = admin.locator('[data-testid="lock-member"]').first();
  await lock.waitFor({ timeout: 15_000 });
  await lock.click();
  await expect(admin.locator('[data-testid="unlock-member"]').first()).toBeVisible({ timeout: 15_000 });
  const lockedAt = Date.now();
  await expect.poll(async () => (await again.request.get(`${baseUrl}/api/v1/authentication/factors`)).status(), { timeout: 2_000 }).toBe(401);
  test.info().annotations.push({ type: 'lock to 401 (ms)', description: String(Date.now() - lockedAt) });
  // the open page learns it over the realtime channel (its socket closes) and goes to the sign-in by itself
  await again.waitForURL('**/users/sign_in**', { timeout: 5_000 });
  test.info().annotations.push({ type: 'lock to the sign-in page (ms)', description: String(Date.now() - lockedAt) });
  await admin.screenshot({ path: screenshotPath('admin-member-locked.png') });

  // back as it was for the scenarios that follow
  expect((await call('put', '/administration/settings', { member: { two_factor: 'disabled' } })).status()).toBe(200);
  await againContext.close();
  await memberContext.close();
  await adminContext.close();
});
