// Files in posts, in the browser, on the server and demo data of global-setup.ts: Max (member@example.org) posts
// in the seed's gardening group with an image and a file uploaded from the composer; Ada (admin@example.org), also
// in the group, sees the image as a loaded thumbnail that opens large, and the file as a link with its size.
import { expect, screenshotPath, signInMember, test } from './fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('a member posts an image and a file from the composer; another member of the group sees the thumbnail, opens it large and finds the file', async ({ browser, baseUrl }) => {
  const writerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const writer = await writerContext.newPage();
  await signInMember(writer, baseUrl, 'member@example.org');
  await writer.goto(`${baseUrl}/activitystreams/gardening`);
  await writer.locator('[data-testid="composer-open"]').click();
  const text = `Beet photos ${Date.now()}`;
  await writer.locator('#composer-editor').fill(text);
  await writer.locator('[data-testid="message-attachment-input"]').setInputFiles([
    { name: 'Beet.png', mimeType: 'image/png', buffer: PNG },
    { name: 'Planting plan.txt', mimeType: 'text/plain', buffer: Buffer.from('Row 1: beans\nRow 2: beets\n') },
  ]);
  await expect(writer.locator('[data-testid="message-attachment-Beet.png"]')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(writer.locator('[data-testid="message-attachment-Planting plan.txt"]')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(writer.locator('[data-testid="message-attachment-choose"]')).toBeVisible();
  await writer.locator('[data-testid="composer-send"]').click();
  await writer.locator('[data-testid="activity-list"]').getByText(text).waitFor({ timeout: 15_000 });

  const readerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const reader = await readerContext.newPage();
  await signInMember(reader, baseUrl, 'admin@example.org');
  await reader.goto(`${baseUrl}/activitystreams/gardening`);
  const card = reader.locator('article[data-testid^="activity-"]').filter({ hasText: text }).first();
  await card.waitFor({ timeout: 15_000 });
  const thumbnail = card.locator('[data-testid="activity-image"] img');
  // the image came through the post and the browser decoded it: its 435x435 thumbnail once made (the 1x1
  // upload until then)
  await expect(thumbnail).toHaveAttribute('src', /\?size=thumb$/);
  await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  const file = card.locator('[data-testid="activity-file"]');
  await expect(file).toHaveText('Planting plan.txt');
  await expect(card.locator('[data-testid="activity-attachments"]')).toContainText('26 B');
  const download = await reader.request.get(`${baseUrl}${(await file.getAttribute('href')) ?? ''}`);
  expect(download.status()).toBe(200);
  expect(await download.text()).toBe('Row 1: beans\nRow 2: beets\n');
  await card.locator('[data-testid="activity-image"]').click();
  await expect(reader.locator('[data-testid="activity-lightbox"] img')).toBeVisible();
  await reader.screenshot({ path: screenshotPath('activity-attachments-lightbox.png') });
  await reader.locator('[data-testid="activity-lightbox"]').getByRole('button').click();
  await expect(reader.locator('[data-testid="activity-lightbox"]')).toHaveCount(0);
  await writerContext.close();
  await readerContext.close();
});
