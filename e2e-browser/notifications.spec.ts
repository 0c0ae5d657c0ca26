// Notifications in the browser, on the server and demo data of global-setup.ts: the seed's open gardening
// group ('gardening'), administrated by Max (member@example.org), with Ada (admin@example.org) in it.
import { expect, screenshotPath, signInMember, test } from './fixtures';

test('a member mentions another in a group post; her bell and the group badge rise without a reload, the notification opens the post, reading brings the counters down', async ({ browser, baseUrl }) => {
  // the mentioned: Ada, who has read the group's stream and her notifications, on /notifications
  const readerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const reader = await readerContext.newPage();
  await signInMember(reader, baseUrl, 'admin@example.org');
  // opening 'all' reads everything there was
  await reader.goto(`${baseUrl}/activitystreams`);
  await reader.locator('[data-testid="activity-stream-page"][data-stream="all"]').waitFor({ timeout: 15_000 });
  await expect(reader.locator('[data-testid="nav-unread-gardening"]')).toHaveCount(0, { timeout: 15_000 });
  await reader.locator('[data-testid="nav-section-activitystreams"]').getByRole('link').first().waitFor({ timeout: 15_000 });
  await reader.goto(`${baseUrl}/notifications`);
  await reader.locator('[data-testid="notifications-page"]').waitFor({ timeout: 15_000 });
  // the list (or its empty state) is there: what the seed told Ada is marked read
  // (not the loading line, which is a p.muted too: the list must have answered before 'mark all read' is looked for)
  await reader.locator('[data-testid="notifications-page"] :is(ul.notification-list, p.muted:not([role="status"]))').first().waitFor({ timeout: 15_000 });
  const markAll = reader.locator('[data-testid="notifications-mark-all-read"]');
  if (await markAll.isVisible()) await markAll.click();
  const bell = reader.locator('[data-testid="notifications-count"]');
  const streamBadge = reader.locator('[data-testid="nav-unread-gardening"]');
  const groupBadge = reader.locator('[data-testid="nav-group-unread-gardening"]');
  await expect(bell).toHaveCount(0, { timeout: 15_000 });
  await expect(streamBadge).toHaveCount(0, { timeout: 15_000 });
  await expect(groupBadge).toHaveCount(0, { timeout: 15_000 });

  // the writer: Max, in the group's stream, mentions Ada through the member picker
  const writerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const writer = await writerContext.newPage();
  await signInMember(writer, baseUrl, 'member@example.org');
  await writer.goto(`${baseUrl}/activitystreams/gardening`);
  await writer.locator('[data-testid="composer-open"]').click();
  const text = `Kannst du die Beete gießen ${Date.now()}`;
  const editor = writer.locator('#composer-editor');
  await editor.click();
  await editor.pressSequentially(`${text} @Ad`);
  const option = writer.locator('[data-testid^="mention-option-"]').filter({ hasText: 'Ada Admin' });
  await option.click({ timeout: 15_000 });
  await expect(editor.locator('a', { hasText: '@Ada Admin' })).toHaveCount(1);
  const sentAt = Date.now();
  await writer.locator('[data-testid="composer-send"]').click();
  await writer.locator('[data-testid="activity-list"]').getByText(text).waitFor({ timeout: 15_000 });

  // Ada's open page follows: the bell, the stream's badge, the group's badge, and the list itself
  await expect(bell).toHaveText('1', { timeout: 15_000 });
  const bellMs = Date.now() - sentAt;
  await expect(streamBadge).toHaveText('1', { timeout: 15_000 });
  await expect(groupBadge).toHaveText('1', { timeout: 15_000 });
  const badgesMs = Date.now() - sentAt;
  const entry = reader.locator('[data-testid="notifications-page"] [data-testid="notification"][data-kind="mentioned"]').filter({ hasText: text.slice(0, 20) }).first();
  await entry.waitFor({ timeout: 15_000 });
  await expect(entry).toHaveAttribute('data-read', 'false');
  // the target (within a second) is a speed figure: reported here, not asserted
  test.info().annotations.push({ type: 'bell-visible-ms', description: String(bellMs) }, { type: 'badges-visible-ms', description: String(badgesMs) });
  await reader.screenshot({ path: screenshotPath('notifications-risen.png') });

  // the bell lists it; it opens the post; reading brings every counter back down
  await reader.locator('[data-testid="notifications-button"]').click();
  const inBell = reader.locator('[data-testid="notifications-panel"] [data-testid="notification"][data-kind="mentioned"]').first();
  await expect(inBell).toContainText('Max');
  await inBell.locator('[data-testid="notification-link"]').click();
  await reader.locator('[data-testid="activity-page"]').getByText(text).waitFor({ timeout: 15_000 });
  await expect(reader).toHaveURL(/\/activities\//);
  await expect(bell).toHaveCount(0, { timeout: 15_000 });
  await expect(streamBadge).toHaveCount(0, { timeout: 15_000 });
  await expect(groupBadge).toHaveCount(0, { timeout: 15_000 });
  await reader.screenshot({ path: screenshotPath('notifications-read.png') });
  await writerContext.close();
  await readerContext.close();
});
