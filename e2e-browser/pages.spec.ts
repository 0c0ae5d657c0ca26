// Pages end to end (issue 15): an administrator writes a page and links it from the network's navigation, a
// member opens it through that link and sees the administrator's next edit arrive on the open page without a
// reload; the administrator reads the page's history and restores the first version, which the member sees too.
import { expect, screenshotPath, signInAdmin, signInMember, test, writeRichText } from './fixtures';

test('an administrator links a new page from the navigation, a member follows its edits and its restore live', async ({ browser, baseUrl }) => {
  test.setTimeout(300_000);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAdmin(admin, baseUrl, 'admin@example.org', 'menu-pages');

  // the page, its link name taken from the title
  await admin.goto(`${baseUrl}/admin/#/pages/create`);
  await admin.fill('input[name="title"]', 'Vereinsregeln');
  await writeRichText(admin, 'page-content', 'Erste Regel: freundlich bleiben');
  await admin.locator('[data-testid="page-save"]').click();
  await admin.waitForURL(/#\/pages$/, { timeout: 15_000 });
  await expect(admin.locator('[data-testid="page-link"]')).toHaveText('/pages/vereinsregeln', { timeout: 15_000 });
  await admin.getByText('Vereinsregeln', { exact: true }).click();
  await admin.waitForURL(/#\/pages\/[^/]+\/show/, { timeout: 15_000 });
  const id = /#\/pages\/([^/]+)\/show/.exec(admin.url())?.[1] ?? '';
  expect(id).not.toBe('');

  // the network's navigation links it
  await admin.goto(`${baseUrl}/admin/#/navigation/network`);
  await admin.locator('button.button-add-navigation_items').click();
  await admin.fill('input[name="navigation_items.0.text"]', 'Vereinsregeln');
  await admin.fill('input[name="navigation_items.0.link"]', '/pages/vereinsregeln');
  await admin.locator('[data-testid="navigation-save"]').click();
  await expect(admin.getByText('Erfolgreich gespeichert')).toBeVisible({ timeout: 15_000 });

  // the member opens it from the navigation
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  await signInMember(member, baseUrl, 'member@example.org');
  const navigation = member.locator('[data-testid="nav-section-network-navigation"]');
  await navigation.getByRole('link', { name: 'Vereinsregeln' }).click({ timeout: 15_000 });
  await member.waitForURL(/\/pages\/vereinsregeln$/, { timeout: 15_000 });
  const content = member.locator('[data-testid="content-page-content"]');
  await expect(content).toContainText('Erste Regel', { timeout: 15_000 });

  // the administrator's edit reaches the open page over the realtime channel
  await admin.goto(`${baseUrl}/admin/#/pages/${id}`);
  await expect(admin.locator('input[name="title"]')).toHaveValue('Vereinsregeln', { timeout: 15_000 });
  await writeRichText(admin, 'page-content', 'Zweite Regel: pünktlich sein');
  await admin.locator('[data-testid="page-save"]').click();
  await admin.waitForURL(/#\/pages$/, { timeout: 15_000 });
  const saved = Date.now();
  await expect(content).toContainText('Zweite Regel', { timeout: 5_000 });
  test.info().annotations.push({ type: 'edited page seen by the member (ms)', description: String(Date.now() - saved) });
  await member.screenshot({ path: screenshotPath('page-live-edit.png') });

  // the history: who changed what; version 1 opened and restored as the newest version
  await admin.goto(`${baseUrl}/admin/#/pages/${id}/show`);
  await expect(admin.locator('[data-testid="page-version-2"]')).toContainText('Ada Admin', { timeout: 15_000 });
  await expect(admin.locator('[data-testid="page-version-2"]')).toContainText('Inhalt');
  await expect(admin.locator('[data-testid="page-version-1"]')).toContainText('Erstellt');
  await admin.locator('[data-testid="page-version-view-1"]').click();
  await expect(admin.locator('[data-testid="page-version-content"]')).toContainText('Erste Regel');
  await admin.screenshot({ path: screenshotPath('page-history.png') });
  await admin.locator('[data-testid="page-version-restore-1"]').click();
  await expect(admin.locator('[data-testid="page-version-3"]')).toContainText('Version 1 wiederhergestellt', { timeout: 15_000 });
  await expect(content).toContainText('Erste Regel', { timeout: 5_000 });
  await expect(content).not.toContainText('Zweite Regel');

  // the navigation is left empty again for later scenarios
  await admin.goto(`${baseUrl}/admin/#/navigation/network`);
  await admin.locator('input[name="navigation_items.0.text"]').waitFor({ timeout: 15_000 });
  // a row's remove button shows while the row is hovered
  await admin.locator('.RaSimpleFormIterator-line').first().hover();
  await admin.locator('button.button-remove-navigation_items-0').click();
  await admin.locator('[data-testid="navigation-save"]').click();
  await expect(admin.getByText('Erfolgreich gespeichert')).toBeVisible({ timeout: 15_000 });
  await memberContext.close();
  await adminContext.close();
});
