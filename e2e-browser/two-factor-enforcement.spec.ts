// Two-factor enforcement in the browser (issue 14): with the network's two_factor 'enforced', a member
// without a factor who signs in is held on the two-factor page (every other page sends them back to it, and
// the API refuses them with two_factor_required) until they set up an authenticator app; then the console
// is theirs. The network's setting goes back to 'disabled' at the end, for the scenarios that follow.
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { totpAt } from './totp';


/** the administrator's API through a page's own session (sign-in by API: no console needed) */
const administrator = async (page: Page, baseUrl: string) => {
  const signedIn = await page.request.post(`${baseUrl}/users/sign_in`, { data: { email: 'admin@example.org', password: 'changeme' } });
  expect(signedIn.status()).toBe(200);
  const network = (await (await page.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string };
  return (method: 'put' | 'post' | 'delete', path: string, data: object) => page.request[method](`${baseUrl}${path}`, { data, headers: { 'X-CSRF-Token': network.csrf_token } });
};

/** an authenticator app for the signed-in account, added through the API: its key and factor id */
const addAuthenticator = async (page: Page, baseUrl: string, call: Awaited<ReturnType<typeof administrator>>) => {
  const prepared = (await (await page.request.get(`${baseUrl}/api/v1/authentication/factors/new?type=totp`)).json()) as { setup_token: string; provisioning_uri: string };
  const secret = new URL(prepared.provisioning_uri).searchParams.get('secret') ?? '';
  const added = await call('post', '/api/v1/authentication/factors', { type: 'totp', code: totpAt(secret, Date.now()), setup_token: prepared.setup_token, provisioning_uri: prepared.provisioning_uri });
  expect(added.status()).toBe(201);
  const factors = (await (await page.request.get(`${baseUrl}/api/v1/authentication/factors`)).json()) as { factors: Array<{ id: string; type: string }> };
  const me = (await (await page.request.get(`${baseUrl}/api/v1/network`)).json()) as { current_member: { id: string } };
  return { secret, memberId: me.current_member.id, id: factors.factors.find((factor) => factor.type === 'totp')?.id ?? '' };
};

test('an enforced second factor holds a member on its setup until they add an authenticator app', async ({ browser, baseUrl }) => {
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const call = await administrator(adminPage, baseUrl);
  const email = `enforced${Date.now() % 100000}@example.org`;
  const password = 'an enforced passphrase for the browser';
  const created = await call('post', '/administration/members', { user: { email, password, first_name: 'Enzo', last_name: 'Enforced', send_welcome_mail: false, profile_id: null } });
  expect(created.status()).toBe(201);
  // enforcement holds the administrator too: they add an authenticator app first (and remove it at the end)
  expect((await call('put', '/administration/settings', { member: { two_factor: 'enabled' } })).status()).toBe(200);
  const own = await addAuthenticator(adminPage, baseUrl, call);
  expect((await call('put', '/administration/settings', { member: { two_factor: 'enforced' } })).status()).toBe(200);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const member = await context.newPage();
    await member.goto(`${baseUrl}/users/sign_in`);
    await member.fill('input[name="email"]', email, { timeout: 15_000 });
    await member.fill('input[name="password"]', password, { timeout: 15_000 });
    await member.click('[data-testid="sign-in-submit"]', { timeout: 15_000 });
    await member.waitForURL('**/two_factor', { timeout: 15_000 });
    await expect(member.locator('[data-testid="two-factor-enforced"]')).toBeVisible({ timeout: 15_000 });

    // every other page sends them back, and the API refuses them until a factor exists
    await member.goto(`${baseUrl}/activitystreams`);
    await member.waitForURL('**/two_factor', { timeout: 15_000 });
    const refused = await member.request.get(`${baseUrl}/api/v1/notifications`);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('two_factor_required');
    await member.screenshot({ path: screenshotPath('two-factor-enforced.png') });

    // sets up the authenticator app with a code computed from the key shown
    await member.locator('[data-testid="add-totp"]').click({ timeout: 15_000 });
    await expect(member.locator('[data-testid="two-factor-qr"]')).toBeVisible({ timeout: 15_000 });
    const secret = (await member.locator('[data-testid="two-factor-secret"]').textContent()) ?? '';
    await member.fill('[data-testid="add-factor-form"] input[name="code"]', totpAt(secret, Date.now()), { timeout: 15_000 });
    await member.locator('[data-testid="add-factor-form"] button[type="submit"]').click({ timeout: 15_000 });
    await expect(member.locator('[data-testid="backup-codes"] li')).toHaveCount(10, { timeout: 15_000 });

    // the console is theirs now: pages stay where they are and the API answers
    expect((await member.request.get(`${baseUrl}/api/v1/notifications`)).status()).toBe(200);
    await member.goto(`${baseUrl}/activitystreams`);
    await member.waitForURL((url) => !url.pathname.startsWith('/two_factor'), { timeout: 15_000 });
    expect(new URL(member.url()).pathname).not.toBe('/two_factor');
    await context.close();
  } finally {
    expect((await call('put', '/administration/settings', { member: { two_factor: 'enabled' } })).status()).toBe(200);
    // the administrator's own factor goes again, as an administrator resets a member's
    expect((await call('delete', `/administration/members/${own.memberId}/authentication/factors`, {})).status()).toBe(200);
    expect((await call('put', '/administration/settings', { member: { two_factor: 'disabled' } })).status()).toBe(200);
    await adminContext.close();
  }
});
