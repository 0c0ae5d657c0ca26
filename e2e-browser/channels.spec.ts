// Channels in the browser: the directory's A–Z filter, subscribing with the count live in a second window,
// and the gallery of the demo photo channel paged with the keyboard. Runs on the server of global-setup.ts.
import { expect, screenshotPath, signInMember, test } from './fixtures';

test('a member finds a channel by its letter, subscribes (the count rises live in a second window) and pages the gallery with the arrow keys', async ({ browser, baseUrl }) => {
  // a second window: the administrator has the photo channel open (they subscribed to it in the seed)
  const watcherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const watcher = await watcherContext.newPage();
  await signInMember(watcher, baseUrl, 'admin@example.org');
  await watcher.goto(`${baseUrl}/channels/fotogalerie`);
  const watchedCount = watcher.locator('[data-testid="subscribers-count"]');
  await expect(watchedCount).toHaveText('1 Abonnent', { timeout: 15_000 });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInMember(page, baseUrl, 'member@example.org');
  await page.goto(`${baseUrl}/directory/channels`);
  await page.locator('[data-testid="channel-entry"]').first().waitFor({ timeout: 15_000 });
  // the draft channel of the board is not listed for a member
  await expect(page.getByText('Vorstand intern')).toHaveCount(0);
  await page.locator('[data-testid="letter-F"]').click();
  await expect(page).toHaveURL(/letter=F/);
  const entries = page.locator('[data-testid="channel-entry"]');
  await expect(entries).toHaveCount(1, { timeout: 15_000 });
  await expect(entries.first()).toContainText('Fotogalerie Sommerfest');
  await page.screenshot({ path: screenshotPath('channels-directory-letter.png') });
  await entries.first().getByRole('link', { name: 'Fotogalerie Sommerfest' }).click();
  await expect(page.locator('[data-testid="channel-title"]')).toContainText('Fotogalerie Sommerfest', { timeout: 15_000 });
  await expect(page.locator('[data-testid="subscribers-count"]')).toHaveText('1 Abonnent');

  // subscribing: the member's page says so, and the administrator's open page follows without a reload
  const clicked = Date.now();
  await page.locator('[data-testid="subscribe"]').click();
  await expect(page.locator('[data-testid="unsubscribe"]')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-testid="subscribers-count"]')).toHaveText('2 Abonnenten');
  await expect(watchedCount).toHaveText('2 Abonnenten', { timeout: 5_000 });
  test.info().annotations.push({ type: 'live count', description: `${Date.now() - clicked} ms from the click to the second window` });
  await watcher.screenshot({ path: screenshotPath('channels-live-count.png') });

  // the gallery: opened on the first picture, paged with the arrow keys (wrapping round), closed with Escape
  await page.locator('[data-testid="widget-images-grid"] button').first().click();
  const gallery = page.locator('[data-testid="gallery"]');
  await expect(gallery).toBeVisible();
  const position = page.locator('[data-testid="gallery-position"]');
  await expect(position).toHaveText('Bild 1 von 6');
  await expect(page.locator('[data-testid="gallery-image"]')).toHaveAttribute('data-image-id', 'photo-1');
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText('Bild 2 von 6');
  await expect(page.locator('[data-testid="gallery-image"]')).toHaveAttribute('data-image-id', 'photo-2');
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText('Bild 3 von 6');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(position).toHaveText('Bild 6 von 6');
  await page.screenshot({ path: screenshotPath('channels-gallery.png') });
  await page.keyboard.press('Escape');
  await expect(gallery).toHaveCount(0);

  await context.close();
  await watcherContext.close();
});

test('the news channel shows its widgets, its blog widget opens an article, and channel pages fit a 375 px screen', async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInMember(page, baseUrl, 'member@example.org');
  await page.goto(`${baseUrl}/channels/neuigkeiten`);
  await expect(page.locator('[data-testid="channel-title"]')).toContainText('Neuigkeiten aus dem Netzwerk', { timeout: 15_000 });
  for (const type of ['banner', 'text', 'people', 'blog', 'spotlight', 'appointments', 'link']) {
    await expect(page.locator(`[data-testid="widget-${type}"]`)).toBeVisible();
  }
  // a member may not edit the channel: the menu offers the widget list only
  await page.locator('[data-testid="channel-menu"]').click();
  await expect(page.getByRole('menuitem')).toHaveText(['Alle Widgets']);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: screenshotPath('channels-news.png'), fullPage: true });

  await page.locator('[data-testid="widget-blog-articles"] a').first().click();
  await expect(page).toHaveURL(/\/blogs\/neuigkeiten\/articles\//);
  await expect(page.locator('[data-testid="article-body"] p').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-testid="left-navigation"]')).toContainText('Abonniert');

  const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, storageState: await context.storageState() });
  const phonePage = await phone.newPage();
  for (const path of ['/channels/neuigkeiten', '/channels/fotogalerie', '/directory/channels']) {
    await phonePage.goto(`${baseUrl}${path}`);
    await phonePage.waitForLoadState('networkidle');
    const overflow = await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} overflows by ${overflow}px at 375px`).toBeLessThanOrEqual(1);
  }
  await phonePage.screenshot({ path: screenshotPath('channels-375.png') });
  await phone.close();
  await context.close();
});

test('an administrator creates a channel, adds widgets through their forms and lays them out by drag and drop', async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInMember(page, baseUrl, 'admin@example.org');
  await page.goto(`${baseUrl}/directory/channels`);
  await page.locator('[data-testid="create-channel"]').click();
  const title = `Testkanal ${Date.now()}`;
  await page.fill('#channel-title', title);
  await page.locator('[data-testid="save-channel"]').click();
  await expect(page.locator('[data-testid="channel-title"]')).toContainText(title, { timeout: 15_000 });
  const slug = new URL(page.url()).pathname.split('/')[2];
  await expect(page.locator('[data-testid="channel-empty"]')).toBeVisible();

  // a text widget, written in the composer
  await page.locator('[data-testid="channel-menu"]').click();
  await page.getByRole('menuitem', { name: 'Widget hinzufügen' }).click();
  await page.locator('[data-testid="widget-types"]').getByRole('button', { name: 'Text' }).click();
  await page.getByLabel('Titel', { exact: true }).fill('Hallo');
  await page.getByRole('textbox', { name: 'Text' }).click();
  await page.keyboard.type('Guten Tag allerseits');
  await page.locator('[data-testid="save-widget"]').click();
  await expect(page.locator('[data-testid="widget-text"]')).toContainText('Guten Tag allerseits', { timeout: 15_000 });

  // a link widget
  await page.goto(`${baseUrl}/channels/${slug}/widgets/new?type=link`);
  await page.getByLabel('Titel', { exact: true }).fill('Verweis');
  await page.getByLabel('Adresse', { exact: true }).fill('https://example.org/');
  await page.locator('[data-testid="save-widget"]').click();
  await expect(page.locator('[data-testid="widget-link"]')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-testid="widget-row"]')).toHaveCount(2);
  page.on('dialog', (dialog) => void dialog.accept());

  // an images widget with two pictures picked from disk
  const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  await page.goto(`${baseUrl}/channels/${slug}/widgets/new?type=images`);
  await page.getByLabel('Titel', { exact: true }).fill('Fotos');
  await page.getByLabel('Bilder hinzufügen').setInputFiles([
    { name: 'eins.png', mimeType: 'image/png', buffer: pixel },
    { name: 'zwei.png', mimeType: 'image/png', buffer: pixel },
  ]);
  await expect(page.locator('.images-field__list li')).toHaveCount(2);
  await page.locator('[data-testid="save-widget"]').click();
  await expect(page.locator('[data-testid="widget-images-grid"] li')).toHaveCount(2, { timeout: 15_000 });
  await page.goto(`${baseUrl}/channels/${slug}/widgets`);
  await page.locator('.widget-list__item', { hasText: 'Fotos' }).getByRole('button', { name: 'Entfernen' }).click();
  await expect(page.locator('.widget-list__item', { hasText: 'Fotos' })).toHaveCount(0, { timeout: 15_000 });
  await page.goto(`${baseUrl}/channels/${slug}`);
  await expect(page.locator('[data-testid="widget-row"]')).toHaveCount(2, { timeout: 15_000 });

  // both into one row of a third and two thirds, by drag and drop
  await page.goto(`${baseUrl}/channels/${slug}/layout/edit`);
  await page.locator('#new-row-layout').selectOption('half-1-2');
  await page.locator('[data-testid="add-row"]').click();
  const rows = page.locator('[data-testid="layout-row"]');
  await expect(rows).toHaveCount(3);
  const target = rows.nth(2).locator('[data-testid="layout-cell"]');
  await page.locator('.layout-chip', { hasText: 'Verweis' }).dragTo(target.nth(0));
  await page.locator('.layout-chip', { hasText: 'Hallo' }).dragTo(target.nth(1));
  await expect(target.nth(0)).toContainText('Verweis');
  await expect(target.nth(1)).toContainText('Hallo');
  await rows.nth(0).getByRole('button', { name: 'Zeile entfernen' }).click();
  await rows.nth(0).getByRole('button', { name: 'Zeile entfernen' }).click();
  await page.locator('[data-testid="save-layout"]').click();
  const row = page.locator('[data-testid="widget-row"]');
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row).toHaveAttribute('data-layout', 'half-1-2');
  await expect(row.locator('.widget-cell').nth(0)).toContainText('Verweis');
  await expect(row.locator('.widget-cell').nth(1)).toContainText('Guten Tag allerseits');
  await page.screenshot({ path: screenshotPath('channels-layout-saved.png') });
  await context.close();
});
