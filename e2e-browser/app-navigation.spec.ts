// The app navigation editor end to end (issue 14): an administrator removes a built-in item (it goes back to
// 'more', the page says five items are needed and saving waits), adds one, moves it and saves; a second
// administrator console with the editor open shows the saved navigation without a reload.
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';

const signInAdmin = async (page: Page, baseUrl: string): Promise<void> => {
  await page.goto(`${baseUrl}/admin/`);
  await page.fill('input[name="email"]', 'admin@example.org');
  await page.fill('input[name="password"]', 'changeme');
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(/#\/.+|#\/$/, { timeout: 15_000 });
  await page.locator('[data-testid="menu-app-navigation"]').waitFor({ timeout: 15_000 });
};

const titles = (page: Page) => page.locator('[data-testid^="app-navigation-item-"] .MuiListItemText-primary');

test('an administrator edits the app navigation and another open editor follows live', async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await signInAdmin(admin, baseUrl);
  await admin.locator('[data-testid="menu-app-navigation"]').click();
  await admin.waitForURL(/#\/administration\/app_navigation\/edit/, { timeout: 15_000 });
  await expect(titles(admin)).toHaveText(['Aktivitäten', 'Nachrichten', 'Termine', 'Dateien', 'Mehr'], { timeout: 15_000 });
  await expect(admin.locator('[data-testid="app-navigation-add"]')).toBeDisabled();

  const watcherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const watcher = await watcherContext.newPage();
  await signInAdmin(watcher, baseUrl);
  await watcher.goto(`${baseUrl}/admin/#/administration/app_navigation/edit`);
  await expect(titles(watcher)).toHaveCount(5, { timeout: 15_000 });

  // removing 'Termine' puts it back under 'more', and saving waits for a fifth item
  await admin.locator('[data-testid="app-navigation-item-2"]').getByRole('button', { name: 'Eintrag entfernen' }).click();
  await expect(titles(admin)).toHaveText(['Aktivitäten', 'Nachrichten', 'Dateien', 'Mehr']);
  await expect(admin.locator('[data-testid="app-navigation-five-items"]')).toBeVisible();
  await expect(admin.locator('[data-testid="app-navigation-save"]')).toBeDisabled();
  await admin.locator('[data-testid="app-navigation-item-3"]').click();
  await expect(admin.locator('[data-testid="app-navigation-more-items"]')).toContainText('Termine');

  // adding takes the first built-in item out of 'more'; moved up with the arrow, then saved
  await admin.locator('[data-testid="app-navigation-add"]').click();
  await expect(titles(admin)).toHaveText(['Aktivitäten', 'Nachrichten', 'Dateien', 'Start', 'Mehr']);
  await admin.locator('[data-testid="app-navigation-item-3"]').getByRole('button', { name: 'Nach oben' }).click();
  await expect(titles(admin)).toHaveText(['Aktivitäten', 'Nachrichten', 'Start', 'Dateien', 'Mehr']);
  await admin.screenshot({ path: screenshotPath('app-navigation-editor.png') });
  await admin.locator('[data-testid="app-navigation-save"]').click();
  await expect(admin.getByText('Erfolgreich gespeichert')).toBeVisible({ timeout: 15_000 });

  // the other console was pushed the save
  await expect(titles(watcher)).toHaveText(['Aktivitäten', 'Nachrichten', 'Start', 'Dateien', 'Mehr'], { timeout: 5_000 });
  await watcherContext.close();
  await context.close();
});
