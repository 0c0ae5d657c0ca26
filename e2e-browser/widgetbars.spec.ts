// Widget bars end to end: the member's start page shows the dashboard bar beside the activity stream; an
// administrator adds a text widget in the admin console's editor and saves; the member's open page shows
// it without a reload (the realtime channel names the saved bar, the page reads it again).
import type { Page } from '@playwright/test';
import { expect, screenshotPath, signInMember, test } from './fixtures';

const signInAdmin = async (page: Page, baseUrl: string): Promise<void> => {
  await page.goto(`${baseUrl}/admin/`);
  await page.fill('input[name="email"]', 'admin@example.org');
  await page.fill('input[name="password"]', 'changeme');
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(/#\/.+|#\/$/, { timeout: 15_000 });
  await page.locator('[data-testid="menu-widgetbars"]').waitFor({ timeout: 15_000 });
};

test('an administrator adds a text widget and the member’s open start page shows it without a reload', async ({ browser, baseUrl }) => {
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  await signInMember(member, baseUrl, 'member@example.org');
  await member.goto(`${baseUrl}/activitystreams`);
  const bar = member.locator('[data-testid="widgetbar"]');
  // the seeded dashboard bar: a welcome text and the members' widgets
  await expect(bar.locator('[data-testid="widget-text"]').first()).toContainText(/Willkommen|Welcome/, { timeout: 15_000 });
  await expect(bar.locator('[data-testid="widget-newest_members"]')).toContainText('Max Member');

  const adminContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAdmin(admin, baseUrl);
  await admin.locator('[data-testid="menu-widgetbars"]').click();
  await admin.locator('[data-testid="widgetbar-edit-dashboard"]').click();
  await admin.waitForURL(/#\/widgetbars\/dashboard\/edit/, { timeout: 15_000 });
  await expect(admin.locator('[data-testid^="widgetbar-widget-"]')).toHaveCount(6, { timeout: 15_000 });

  // drag the text widget from the palette to the top of the bar, then write its content
  await admin.locator('[data-testid="widget-palette-text"]').dragTo(admin.locator('[data-testid="widgetbar-widget-0"]'));
  await expect(admin.locator('[data-testid^="widgetbar-widget-"]')).toHaveCount(7);
  await admin.locator('[data-testid="widget-property-content"]').fill('Rehearsal **tonight** at eight');
  await admin.screenshot({ path: screenshotPath('widgetbar-editor.png') });
  await admin.locator('[data-testid="widgetbar-save"]').click();
  await expect(admin.getByText(/Erfolgreich gespeichert|saved/i).first()).toBeVisible({ timeout: 15_000 });

  // the member's page, never reloaded, shows the new widget first
  const first = bar.locator('[data-testid="widget-text"]').first();
  await expect(first).toContainText('Rehearsal tonight at eight', { timeout: 5_000 });
  await expect(first.locator('strong')).toHaveText('tonight');
  await member.screenshot({ path: screenshotPath('widgetbar-start-page.png') });
  await adminContext.close();
  await memberContext.close();
});
