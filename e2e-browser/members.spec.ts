// Member pages in the browser, on the server and demo data of global-setup.ts. Audrey (the auditor) edits
// her own profile: her password is never changed by another scenario.
import { expect, screenshotPath, signInMember, test } from './fixtures';

test('a member edits their name and a second window showing the directory sees the new name without a reload', async ({ browser, baseUrl }) => {
  // the watcher: another member with the directory open
  const watcherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const watcher = await watcherContext.newPage();
  await signInMember(watcher, baseUrl, 'admin@example.org');
  await watcher.goto(`${baseUrl}/directory/members`);
  const audreyRow = watcher.locator('[data-testid="member-row"]').filter({ hasText: 'Audrey' });
  await audreyRow.waitFor({ timeout: 15_000 });
  const audreyId = await audreyRow.getAttribute('data-member-id');
  expect(audreyId).toBeTruthy();

  // the member edits her profile from her own page
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInMember(page, baseUrl, 'auditor@example.org');
  await page.goto(`${baseUrl}/members/${audreyId}`);
  await page.locator('[data-testid="edit-profile"]').click();
  await page.waitForURL(`**/members/${audreyId}/edit`);
  const saveButton = page.locator('[data-testid="save-profile"]');
  // nothing changed yet: saving is not offered
  await expect(saveButton).toBeDisabled();
  const newFirstName = `Audra${Date.now() % 100000}`;
  await page.locator('[data-testid="profile-first_name"]').fill(newFirstName);
  await page.locator('[data-testid="profile-birthday"]').fill('1985-04-12');
  await page.locator('[data-testid="profile-show-age"]').check();
  await page.screenshot({ path: screenshotPath('member-profile-edit.png') });
  await saveButton.click();

  // back on her page with the new name and her age
  await page.waitForURL(`**/members/${audreyId}`);
  await expect(page.locator('[data-testid="member-name"]')).toHaveText(`${newFirstName} Auditor`);
  await expect(page.locator('[data-testid="member-age"]')).toBeVisible();

  // the watcher's directory follows without a reload
  const renamedRow = watcher.locator(`[data-testid="member-row"][data-member-id="${audreyId}"]`);
  await expect(renamedRow).toContainText(`${newFirstName} Auditor`, { timeout: 15_000 });
  await watcher.screenshot({ path: screenshotPath('directory-renamed-live.png') });

  // a member cannot edit another member's profile: no link, and the edit page says so
  await page.goto(`${baseUrl}/directory/members`);
  const adaRow = page.locator('[data-testid="member-row"]').filter({ hasText: 'Ada' });
  const adaId = await adaRow.getAttribute('data-member-id');
  await page.goto(`${baseUrl}/members/${adaId}`);
  await page.locator('[data-testid="member-page"]').waitFor({ timeout: 15_000 });
  await expect(page.locator('[data-testid="edit-profile"]')).toHaveCount(0);
  await page.goto(`${baseUrl}/members/${adaId}/edit`);
  await page.locator('[data-testid="member-edit-forbidden"]').waitFor({ timeout: 15_000 });

  await context.close();
  await watcherContext.close();
});
