// The membership roles manager end to end: an administrator creates a network-wide role and gives it to a
// member with the member picker; deleting it while the member holds it is refused with a message saying what
// to do; after taking it from the member, the role is deleted (so later scenarios start without it).
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';

const signInAdmin = async (page: Page, baseUrl: string): Promise<void> => {
  await page.goto(`${baseUrl}/admin/`);
  await page.fill('input[name="email"]', 'admin@example.org');
  await page.fill('input[name="password"]', 'changeme');
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(/#\/.+|#\/$/, { timeout: 15_000 });
  await page.locator('[data-testid="menu-membership-roles"]').waitFor({ timeout: 15_000 });
};

test('an administrator creates a membership role, assigns it, and deletes it once nobody holds it', async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await signInAdmin(admin, baseUrl);

  await admin.locator('[data-testid="menu-membership-roles"]').click();
  await admin.waitForURL(/#\/membership_roles/, { timeout: 15_000 });
  await admin.goto(`${baseUrl}/admin/#/membership_roles/create`);
  await admin.fill('input[name="name"]', 'Vorstand');
  await admin.fill('input[name="plural_name"]', 'Vorstände');
  // the member picker: type a name, choose the member offered
  const picker = admin.getByLabel('Mitglieder').or(admin.getByLabel('Members')).first();
  await picker.click();
  await picker.fill('Max');
  await admin.getByRole('option', { name: /Max Member/ }).click();
  await admin.locator('[data-testid="membership-role-save"]').click();
  await admin.waitForURL(/#\/membership_roles(\?.*)?$/, { timeout: 15_000 });

  // the list shows the role as a badge, with its server-made slug and one holder
  const badge = admin.locator('[data-testid^="membership-role-vorstand-"]').first();
  await expect(badge).toHaveText('Vorstand', { timeout: 15_000 });
  const slug = ((await badge.getAttribute('data-testid')) ?? '').replace('membership-role-', '');
  const row = admin.locator('tr', { has: badge });
  await expect(row).toContainText(slug);
  await expect(row.locator('td').nth(4)).toHaveText('1');
  await admin.screenshot({ path: screenshotPath('membership-roles-list.png') });

  // deleting it while the member holds it is refused, and the page says what to do
  await admin.locator(`[data-testid="membership-role-delete-${slug}"]`).click();
  await admin.getByRole('dialog').getByRole('button', { name: /Bestätigen|Confirm/ }).click();
  await expect(admin.getByText(/Mitglieder haben diese Rolle noch|Members still hold this role/)).toBeVisible({ timeout: 15_000 });
  await expect(badge).toBeVisible();

  // take it from the member, then delete it
  await row.click();
  await admin.waitForURL(/#\/membership_roles\/[^/]+$/, { timeout: 15_000 });
  await admin.getByRole('button', { name: /Max Member/ }).locator('svg').click();
  await admin.locator('[data-testid="membership-role-save"]').click();
  await admin.waitForURL(/#\/membership_roles(\?.*)?$/, { timeout: 15_000 });
  await expect(admin.locator('tr', { has: admin.locator(`[data-testid="membership-role-${slug}"]`) }).locator('td').nth(4)).toHaveText('0', { timeout: 15_000 });
  await admin.locator(`[data-testid="membership-role-delete-${slug}"]`).click();
  await admin.getByRole('dialog').getByRole('button', { name: /Bestätigen|Confirm/ }).click();
  await expect(admin.locator(`[data-testid="membership-role-${slug}"]`)).toHaveCount(0, { timeout: 15_000 });
  await context.close();
});
