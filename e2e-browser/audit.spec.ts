// The auditor's console: the history's hash chain verified with a progress bar, and the member filter.
import { expect, screenshotPath, test } from './fixtures';

test("an auditor verifies the history's hash chain and filters the history by a member picked by name", async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/`);
  await page.fill('input[name="email"]', 'auditor@example.org');
  await page.fill('input[name="password"]', 'changeme');
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(/#\/audit/, { timeout: 15_000 });

  await page.locator('[data-testid="menu-integrity"]').click();
  await page.locator('[data-testid="verify-integrity"]').click();
  const result = page.locator('[data-testid="integrity-result"]');
  await result.waitFor({ timeout: 30_000 });
  // German, the default: every event intact, and the head to keep outside the system
  await expect(result).toContainText(/Alle \d+ Ereignisse sind unverändert/);
  await expect(result).toContainText(/Hash [0-9a-f]{64}/);
  await page.screenshot({ path: screenshotPath('auditor-integrity.png') });

  // the member filter: an auditor picks a member by name (the members list itself is the administrators')
  await page.locator('[data-testid="menu-audit-events"]').click();
  await page.locator('.RaDatagrid-row').first().waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Filter hinzufügen' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Mitglied' }).click();
  const picker = page.getByRole('combobox', { name: 'Mitglied' });
  await picker.fill('Ada');
  await page.getByRole('option', { name: 'Ada Admin' }).click();
  // the list then holds Ada's events only, the filter in the address
  await page.waitForURL(/member/, { timeout: 15_000 });
  await page.locator('.RaDatagrid-row').first().waitFor({ timeout: 15_000 });
  await expect(page.locator('.RaDatagrid-row').filter({ hasText: 'Audrey Auditor' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('auditor-member-filter.png') });
  await context.close();
});
