// Direct messages in the browser, on the server and demo data of global-setup.ts: Ada (network admin),
// The console speaks German by default (the network's language), so the texts checked are German.
// Max (member) and Gina (external member) write to each other in separate browser contexts.
import type { Page } from '@playwright/test';
import { expect, screenshotPath, signInMember, test } from './fixtures';

const pick = async (page: Page, name: string): Promise<void> => {
  await page.locator('[data-testid="recipient-search"]').fill(name);
  const option = page.locator('[data-testid="recipient-option"]').filter({ hasText: name }).first();
  await option.waitFor({ timeout: 15_000 });
  await option.click();
  await expect(page.locator('[data-testid="recipient-chip"]').filter({ hasText: name })).toHaveCount(1);
};

test('one member writes, the other\'s open inbox and badge follow live; the reader replies, the writer sees the reply and forwards it to a third member', async ({ browser, baseUrl }) => {
  const maxContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const max = await maxContext.newPage();
  await signInMember(max, baseUrl, 'member@example.org');
  await max.goto(`${baseUrl}/messages`);
  await max.locator('[data-testid="messages-inbox"]').waitFor({ timeout: 15_000 });
  await expect(max.locator('[data-testid="messages-badge"]')).toHaveCount(0);
  await expect(max.locator('[data-testid="nav-section-messages.boxes"]')).toBeVisible();

  // Ada writes to Max from the composer
  const adaContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ada = await adaContext.newPage();
  await signInMember(ada, baseUrl, 'admin@example.org');
  await ada.goto(`${baseUrl}/messages/new`);
  await ada.locator('[data-testid="message-composer"]').waitFor({ timeout: 15_000 });
  // the all-network option is offered to administrators, with its warning
  await ada.locator('[data-testid="to-all-network"]').check();
  await expect(ada.locator('[data-testid="all-network-warning"]')).toBeVisible();
  await ada.locator('[data-testid="to-all-network"]').uncheck();
  // nothing chosen: the composer says so instead of sending
  await ada.locator('[data-testid="message-content-input"]').fill('Shall we plant the tomatoes on Saturday?');
  await ada.locator('[data-testid="message-send"]').click();
  await expect(ada.locator('[data-testid="error-to"]')).toHaveText('Bitte wähle mindestens einen Empfänger.');
  await pick(ada, 'Max');
  await ada.locator('[data-testid="message-subject-input"]').fill('Garden party');
  const sentAt = Date.now();
  await ada.locator('[data-testid="message-send"]').click();
  await expect(ada.locator('[data-testid="toast"]').filter({ hasText: 'Nachricht gesendet.' })).toBeVisible({ timeout: 15_000 });
  await ada.waitForURL(`${baseUrl}/messages`);

  // Max's open inbox shows it, unread, and the badges rise, without a reload
  const row = max.locator('[data-testid="message-row"]').filter({ hasText: 'Garden party' });
  await row.waitFor({ timeout: 15_000 });
  test.info().annotations.push({ type: 'message-visible-ms', description: String(Date.now() - sentAt) });
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row).toContainText('Ada Admin');
  await expect(row).toContainText('Shall we plant the tomatoes on Saturday?');
  await expect(max.locator('[data-testid="messages-badge"]')).toHaveText('1');
  await expect(max.locator('[data-testid="nav-count-unread_messages"]')).toHaveText('1');
  await max.screenshot({ path: screenshotPath('messages-inbox-live.png') });

  // opening it marks it read: the badge goes; Max replies
  await row.locator('.message-row__open').click();
  await max.locator('[data-testid="message-detail"]').waitFor({ timeout: 15_000 });
  await expect(max.locator('[data-testid="message-content"]').first()).toHaveText('Shall we plant the tomatoes on Saturday?');
  await expect(max.locator('[data-testid="messages-badge"]')).toHaveCount(0, { timeout: 15_000 });
  await max.locator('[data-testid="message-reply"]').click();
  await max.locator('[data-testid="message-composer"]').waitFor({ timeout: 15_000 });
  await expect(max.locator('[data-testid="recipient-chip"]')).toHaveText(/Ada Admin/);
  await expect(max.locator('[data-testid="message-subject-input"]')).toHaveValue('Re: Garden party');
  await max.locator('[data-testid="message-content-input"]').fill('Yes, I bring the seedlings.');
  await max.locator('[data-testid="message-send"]').click();
  await expect(max.locator('[data-testid="toast"]').filter({ hasText: 'Nachricht gesendet.' })).toBeVisible({ timeout: 15_000 });

  // Ada's open inbox shows the reply live; the conversation shows both, newest first
  const reply = ada.locator('[data-testid="message-row"]').filter({ hasText: 'Re: Garden party' });
  await reply.waitFor({ timeout: 15_000 });
  await expect(ada.locator('[data-testid="messages-badge"]')).toHaveText('1');
  await reply.locator('.message-row__open').click();
  await ada.locator('[data-testid="message-detail"]').waitFor({ timeout: 15_000 });
  await expect(ada.locator('[data-testid="conversation-entry"]')).toHaveCount(2);
  await expect(ada.locator('[data-testid="message-content"]')).toHaveText(['Yes, I bring the seedlings.', 'Shall we plant the tomatoes on Saturday?']);
  await ada.screenshot({ path: screenshotPath('messages-conversation.png') });

  // Ada forwards the reply to Gina
  await ada.locator('[data-testid="message-forward"]').click();
  await ada.locator('[data-testid="message-composer"]').waitFor({ timeout: 15_000 });
  await expect(ada.locator('[data-testid="message-subject-input"]')).toHaveValue('Wg: Re: Garden party');
  await expect(ada.locator('[data-testid="message-content-input"]')).toHaveValue(/> Yes, I bring the seedlings\./);
  await pick(ada, 'Gina');
  await ada.locator('[data-testid="message-send"]').click();
  await expect(ada.locator('[data-testid="toast"]').filter({ hasText: 'Nachricht gesendet.' })).toBeVisible({ timeout: 15_000 });

  const ginaContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const gina = await ginaContext.newPage();
  await signInMember(gina, baseUrl, 'guest@example.org');
  await gina.goto(`${baseUrl}/messages`);
  const forwarded = gina.locator('[data-testid="message-row"]').filter({ hasText: 'Wg: Re: Garden party' });
  await forwarded.waitFor({ timeout: 15_000 });
  await expect(forwarded).toContainText('Ada Admin');

  // Ada's sent box: the forward names Gina, and offers no read marks
  await ada.goto(`${baseUrl}/messages/sent`);
  await ada.locator('[data-testid="messages-sent"]').waitFor({ timeout: 15_000 });
  await expect(ada.locator('[data-testid="message-row"]').first()).toContainText('Gina Guest');
  await expect(ada.locator('[data-testid="mark-read"]')).toHaveCount(0);

  await ginaContext.close();
  await adaContext.close();
  await maxContext.close();
});

test('the inbox selects with a mark-all box (indeterminate when some are chosen), marks unread and deletes for oneself after confirming', async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInMember(page, baseUrl, 'member@example.org');
  const network = (await (await page.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string };
  const members = (await (await page.request.get(`${baseUrl}/api/v1/messages/recipients?q=Gina`)).json()) as { members: Array<{ id: string }> };
  // Max writes two messages to Gina through the API, Gina works through them in the browser
  for (const subject of ['Seeds order', 'Watering plan']) {
    const res = await page.request.post(`${baseUrl}/api/v1/messages`, { headers: { 'X-CSRF-Token': network.csrf_token }, data: { to: [members.members[0].id], subject, content: `About: ${subject}` } });
    expect(res.status()).toBe(201);
  }
  await context.close();

  const ginaContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const gina = await ginaContext.newPage();
  await signInMember(gina, baseUrl, 'guest@example.org');
  await gina.goto(`${baseUrl}/messages`);
  const rows = gina.locator('[data-testid="message-row"]');
  await rows.filter({ hasText: 'Watering plan' }).waitFor({ timeout: 15_000 });
  const all = gina.locator('[data-testid="select-all"]');
  await rows.filter({ hasText: 'Watering plan' }).locator('input[type="checkbox"]').check();
  expect(await all.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
  await all.check();
  expect(await all.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(false);
  await all.uncheck();

  const seeds = rows.filter({ hasText: 'Seeds order' });
  await seeds.locator('input[type="checkbox"]').check();
  await gina.locator('[data-testid="mark-read"]').click();
  await expect(seeds).toHaveAttribute('data-read', 'true', { timeout: 15_000 });
  await seeds.locator('input[type="checkbox"]').check();
  await gina.locator('[data-testid="mark-unread"]').click();
  await expect(seeds).toHaveAttribute('data-read', 'false', { timeout: 15_000 });

  await seeds.locator('input[type="checkbox"]').check();
  gina.once('dialog', (dialog) => void dialog.accept());
  await gina.locator('[data-testid="delete-selected"]').click();
  await expect(gina.locator('[data-testid="toast"]').filter({ hasText: 'Nachricht gelöscht.' })).toBeVisible({ timeout: 15_000 });
  await expect(rows.filter({ hasText: 'Seeds order' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Watering plan' })).toHaveCount(1);
  await ginaContext.close();
});

test('a message carries a file: the writer uploads it in the composer, removes a wrong one, and the recipient downloads it from the message', async ({ browser, baseUrl }) => {
  const adaContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ada = await adaContext.newPage();
  await signInMember(ada, baseUrl, 'admin@example.org');
  await ada.goto(`${baseUrl}/messages/new`);
  await ada.locator('[data-testid="message-composer"]').waitFor({ timeout: 15_000 });
  await pick(ada, 'Max');
  await ada.locator('[data-testid="message-subject-input"]').fill('Planting plan');
  await ada.locator('[data-testid="message-content-input"]').fill('The plan is attached.');
  await ada.locator('[data-testid="message-attachment-input"]').setInputFiles([
    { name: 'beete.txt', mimeType: 'text/plain', buffer: Buffer.from('Beet 1: Tomaten\nBeet 2: Bohnen\n') },
    { name: 'falsch.txt', mimeType: 'text/plain', buffer: Buffer.from('the wrong file') },
  ]);
  await expect(ada.locator('[data-testid="message-attachment-beete.txt"]')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await expect(ada.locator('[data-testid="message-attachment-falsch.txt"]')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await ada.locator('[data-testid="message-attachment-falsch.txt"] [data-testid="message-attachment-remove"]').click();
  await expect(ada.locator('[data-testid="message-attachment-falsch.txt"]')).toHaveCount(0);
  await ada.screenshot({ path: screenshotPath('messages-attachment-composer.png') });
  await ada.locator('[data-testid="message-send"]').click();
  await expect(ada.locator('[data-testid="toast"]').filter({ hasText: 'Nachricht gesendet.' })).toBeVisible({ timeout: 15_000 });

  const maxContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const max = await maxContext.newPage();
  await signInMember(max, baseUrl, 'member@example.org');
  await max.goto(`${baseUrl}/messages`);
  const row = max.locator('[data-testid="message-row"]').filter({ hasText: 'Planting plan' });
  await row.waitFor({ timeout: 15_000 });
  await row.locator('.message-row__open').click();
  await max.locator('[data-testid="message-detail"]').waitFor({ timeout: 15_000 });
  const links = max.locator('[data-testid="message-attachment-link"]');
  await expect(links).toHaveText(['beete.txt']);
  await max.screenshot({ path: screenshotPath('messages-attachment-detail.png') });
  const [download] = await Promise.all([max.waitForEvent('download'), links.first().click()]);
  expect(download.suggestedFilename()).toBe('beete.txt');
  const stream = await download.createReadStream();
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  expect(Buffer.concat(parts).toString()).toBe('Beet 1: Tomaten\nBeet 2: Bohnen\n');
  await maxContext.close();
  await adaContext.close();
});
