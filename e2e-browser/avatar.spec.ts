// Profile images in the browser, on the server and demo data of global-setup.ts. Gina (the external
// member) sets her image on her profile edit page: her header shows it without a reload, and so does the
// directory Ada has open in another window.
import { expect, screenshotPath, signInMember, test } from './fixtures';

/** a 2×2 PNG (red, green, blue, white) */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001249444154789c63f8cfc0c000c20cff8100001fee05fb0bd9688b0000000049454e44ae426082', 'hex');

test('a member sets a profile image and it shows in the header and in another window without a reload', async ({ browser, baseUrl }) => {
  const watcherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const watcher = await watcherContext.newPage();
  await signInMember(watcher, baseUrl, 'admin@example.org');
  await watcher.goto(`${baseUrl}/directory/members`);
  const ginaRow = watcher.locator('[data-testid="member-row"]').filter({ hasText: 'Gina' });
  await ginaRow.waitFor({ timeout: 15_000 });
  const ginaId = await ginaRow.getAttribute('data-member-id');
  expect(ginaId).toBeTruthy();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInMember(page, baseUrl, 'guest@example.org');
  await page.goto(`${baseUrl}/members/${ginaId}/edit`);
  await page.locator('[data-testid="profile-image-field"]').waitFor({ timeout: 15_000 });

  // a text file named .png is refused by its bytes, with the reason next to the field
  await page.locator('[data-testid="profile-image-field-input"]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  const refusal = page.locator('[data-testid="profile-image-field-error"]');
  await expect(refusal).toBeVisible({ timeout: 15_000 });
  // worded in the member's language, never the raw key
  await expect(refusal).toContainText(/PNG, JPEG, GIF/);
  await expect(refusal).not.toContainText('image_type_not_accepted');

  const chosenAt = Date.now();
  await page.locator('[data-testid="profile-image-field-input"]').setInputFiles({ name: 'gina.png', mimeType: 'image/png', buffer: PNG });
  const headerImage = page.locator('[data-testid="profile-menu-button"] img.avatar');
  await expect(headerImage).toHaveAttribute('src', new RegExp(`^/members/${ginaId}/image\\?v=\\d+&size=small$`), { timeout: 15_000 });
  test.info().annotations.push({ type: 'own-header-image-visible-ms', description: String(Date.now() - chosenAt) });
  // the browser really loaded the bytes: the 2×2 upload's 200×200 size, served as an image
  await expect.poll(() => headerImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 15_000 }).toBe(200);
  await expect(page.locator('[data-testid="profile-image-field-error"]')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('profile-image-edit.png') });

  // Ada's open directory shows the image without a reload
  await expect(watcher.locator(`[data-testid="member-row"][data-member-id="${ginaId}"] img.avatar`)).toHaveAttribute('src', new RegExp(`/members/${ginaId}/image`), { timeout: 15_000 });
  test.info().annotations.push({ type: 'other-window-image-visible-ms', description: String(Date.now() - chosenAt) });
  const src = (await headerImage.getAttribute('src')) ?? '';
  const served = await page.request.get(`${baseUrl}${src}`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  // removing it brings the initials back, in the header too
  await page.locator('[data-testid="profile-image-field-remove"]').click();
  await expect(headerImage).toHaveCount(0, { timeout: 15_000 });
  await expect(watcher.locator(`[data-testid="member-row"][data-member-id="${ginaId}"] img.avatar`)).toHaveCount(0, { timeout: 15_000 });
  await context.close();
  await watcherContext.close();
});
