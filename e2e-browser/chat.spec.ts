// Chat between two members in two browsers on the server and demo data of global-setup.ts: Max writes to
// Ada, Ada's header badge rises without a reload, she reads the message, the badge falls and Max sees it read.
import { expect, screenshotPath, signInMember, test } from './fixtures';

test('one member writes, the other sees it live and reads it, the writer sees it read, the badge rises and falls', async ({ browser, baseUrl }) => {
  const maxContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const max = await maxContext.newPage();
  await signInMember(max, baseUrl, 'member@example.org');
  const adaContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ada = await adaContext.newPage();
  await signInMember(ada, baseUrl, 'admin@example.org');
  const adaId = ((await (await ada.request.get(`${baseUrl}/api/v1/network`)).json()) as { current_member: { id: string } }).current_member.id;

  // Ada stays on another page: only her header shows the chat
  await ada.goto(`${baseUrl}/appointments`);
  await ada.locator('[data-testid="chat-button"]').waitFor({ timeout: 15_000 });
  await expect(ada.locator('[data-testid="chat-badge"]')).toHaveCount(0);

  await max.goto(`${baseUrl}/chat/member/${adaId}`);
  const composer = max.locator('[data-testid="chat-composer-text"]');
  await expect(composer).toBeEnabled({ timeout: 15_000 });
  await expect(max.locator('[data-testid="chat-room-title"]')).toHaveText('Ada Admin');
  // the send button stays off for whitespace; Shift+Enter makes a line break instead of sending
  await composer.fill('   ');
  await expect(max.locator('[data-testid="chat-send"]')).toBeDisabled();
  await composer.fill('Hallo **Ada**');
  await composer.press('Shift+Enter');
  await expect(max.locator('[data-testid="chat-message"]')).toHaveCount(0);
  await composer.type('<img src=x onerror=alert(1)>');
  const sentAt = Date.now();
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  const mine = max.locator('[data-testid="chat-message"]').last();
  await expect(mine.locator('strong')).toHaveText('Ada');
  await expect(mine).toContainText('<img src=x onerror=alert(1)>');
  await expect(mine.locator('img')).toHaveCount(0);
  await expect(mine.locator('[data-testid="chat-delivery"]')).toHaveAttribute('data-state', /persisted|received/, { timeout: 5_000 });

  // Ada's badge rises on the page she has open, without a reload
  await expect(ada.locator('[data-testid="chat-badge"]')).toHaveText('1', { timeout: 5_000 });
  test.info().annotations.push({ type: 'chat-badge-visible-ms', description: String(Date.now() - sentAt) });
  await ada.screenshot({ path: screenshotPath('chat-badge.png') });

  // she opens the chat from the header's panel and reads it: the badge falls, Max sees it read
  await ada.locator('[data-testid="chat-button"]').click();
  await ada.locator('[data-testid="chat-panel-item"]').filter({ hasText: 'Max Member' }).click();
  await expect(ada.locator('[data-testid="chat-message"]').last()).toContainText('Hallo Ada');
  await expect(ada.locator('[data-testid="chat-badge"]')).toHaveCount(0, { timeout: 5_000 });
  const read = mine.locator('[data-testid="chat-delivery"]');
  await expect(read).toHaveAttribute('data-state', 'read', { timeout: 5_000 });
  await expect(read).toHaveText(/gelesen|read/);
  await max.screenshot({ path: screenshotPath('chat-read.png') });

  // Ada answers with a quote; Max sees it live in his open chat
  await ada.locator('[data-testid="chat-message"]').last().getByRole('button').click();
  await ada.locator('[data-testid="chat-composer-quote"]').waitFor();
  await ada.locator('[data-testid="chat-composer-text"]').fill('🎉');
  await ada.locator('[data-testid="chat-composer-text"]').press('Enter');
  const answer = max.locator('[data-testid="chat-message"]').last();
  await expect(answer).toContainText('🎉', { timeout: 5_000 });
  await expect(answer.locator('[data-testid="chat-quote"]')).toContainText('Hallo');
  await expect(answer.locator('.chat-message__emoji')).toHaveCount(1);

  // mute for an hour: the menu then only offers turning muting off
  await max.locator('[data-testid="chat-mute-menu"]').click();
  await max.locator('[data-testid="chat-mute-hour"]').click();
  await max.locator('[data-testid="chat-unmute"]').waitFor({ timeout: 5_000 });
  await expect(max.locator('[data-testid="chat-mute-menu"]')).toHaveCount(0);
  await max.locator('[data-testid="chat-unmute"]').click();
  await max.locator('[data-testid="chat-mute-menu"]').waitFor({ timeout: 5_000 });

  await maxContext.close();
  await adaContext.close();
});

test('a mention picked from the member list, the draft kept over a reload, the bell of the mentioned member, the app-only mute', async ({ browser, baseUrl }) => {
  const adaContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ada = await adaContext.newPage();
  await signInMember(ada, baseUrl, 'admin@example.org');
  const adaId = ((await (await ada.request.get(`${baseUrl}/api/v1/network`)).json()) as { current_member: { id: string } }).current_member.id;
  const maxContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const max = await maxContext.newPage();
  await signInMember(max, baseUrl, 'member@example.org');
  const maxId = ((await (await max.request.get(`${baseUrl}/api/v1/network`)).json()) as { current_member: { id: string } }).current_member.id;

  // Ada waits on her notifications page
  await ada.goto(`${baseUrl}/notifications`);
  await ada.locator('[data-testid="notifications-page"]').waitFor({ timeout: 15_000 });
  const chatMention = ada.locator(`[data-testid="notifications-page"] [data-testid="notification"][data-kind="mentioned"]:has(a[href="/chat/member/${maxId}"])`);
  const before = await chatMention.count();

  await max.goto(`${baseUrl}/chat/member/${adaId}`);
  const composer = max.locator('[data-testid="chat-composer-text"]');
  await expect(composer).toBeEnabled({ timeout: 15_000 });
  const words = `Gießt du morgen ${Date.now()}`;
  await composer.click();
  await composer.pressSequentially(`${words}, @Ad`);
  // the member picker lists Ada; picked with the mouse, the mention goes into the text
  await max.locator('[data-testid="mention-option-' + adaId + '"]').click({ timeout: 15_000 });
  await expect(composer).toHaveValue(`${words}, [@Ada Admin](/members/${adaId}) `);
  await composer.pressSequentially('bitte?');

  // the unsent draft survives a reload (synchronised at most once a second)
  await max.waitForTimeout(1_500);
  await max.reload();
  await expect(max.locator('[data-testid="chat-composer-text"]')).toHaveValue(`${words}, [@Ada Admin](/members/${adaId}) bitte?`, { timeout: 15_000 });
  const sentAt = Date.now();
  await max.locator('[data-testid="chat-composer-text"]').press('Enter');
  await expect(max.locator('[data-testid="chat-composer-text"]')).toHaveValue('');
  const mine = max.locator('[data-testid="chat-message"]').filter({ hasText: words }).last();
  await expect(mine.locator('[data-testid="chat-mention"]')).toHaveText('@Ada Admin', { timeout: 5_000 });

  // Ada's notifications follow without a reload and link to the chat
  await expect(chatMention).toHaveCount(before + 1, { timeout: 15_000 });
  test.info().annotations.push({ type: 'chat-mention-notification-ms', description: String(Date.now() - sentAt) });

  // the app-only mute: offered beside the console's, shown while on, turned off by itself
  await max.locator('[data-testid="chat-mute-menu"]').click();
  await max.locator('[data-testid="chat-mute-app-hour"]').click();
  await expect(max.locator('[data-testid="chat-app-muted"]')).toBeVisible({ timeout: 5_000 });
  await expect(max.locator('[data-testid="chat-mute-menu"]')).toHaveCount(0);
  await max.screenshot({ path: screenshotPath('chat-app-muted.png') });
  await max.locator('[data-testid="chat-unmute-app"]').click();
  await max.locator('[data-testid="chat-mute-menu"]').waitFor({ timeout: 5_000 });

  await maxContext.close();
  await adaContext.close();
});
