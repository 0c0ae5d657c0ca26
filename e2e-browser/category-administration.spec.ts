// A group category's administration in the browser, on the server and demo data of global-setup.ts: Ada (the
// network admin) makes Max the administrator of the first category (the one of the seed's book club,
// 'Lesekreis'); Max's open page turns from a refusal into the administration, he edits the category's
// navigation with the link types (a module and an address) and reads its statistics, which follow a change in
// one of its groups without a reload.
import type { Page } from '@playwright/test';
import { expect, screenshotPath, signInMember, test } from './fixtures';

interface NavigationAnswer {
  navigation_items: Array<{ text: string; link: string; link_type?: string; target?: string }>;
}

/** the book club's admin (Ada) changes its teaser through the API: one event in the group */
const changeBookClub = async (admin: Page, baseUrl: string, teaser: string): Promise<void> => {
  const csrf = ((await (await admin.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string }).csrf_token;
  const changed = await admin.request.put(`${baseUrl}/groups/lesekreis`, { headers: { 'X-CSRF-Token': csrf }, data: { group: { teaser } } });
  expect(changed.status()).toBe(200);
};

test('a network admin makes a member category admin; the member edits the navigation and sees the statistics follow', async ({ browser, baseUrl }) => {
  const viewport = { width: 1280, height: 900 };
  const adminContext = await browser.newContext({ viewport });
  const admin = await adminContext.newPage();
  await signInMember(admin, baseUrl, 'admin@example.org');
  const categories = (await (await admin.request.get(`${baseUrl}/api/v1/group_categories`)).json()) as { group_categories: Array<{ slug: string }> };
  const slug = categories.group_categories[0].slug;
  const root = `${baseUrl}/group-categories/${slug}/administration`;

  // Max is refused before
  const memberContext = await browser.newContext({ viewport });
  const member = await memberContext.newPage();
  await signInMember(member, baseUrl, 'member@example.org');
  await member.goto(root);
  await member.locator('[data-testid="category-administration-refused"]').waitFor({ timeout: 15_000 });

  // Ada names him with the member picker
  await admin.goto(root);
  const manager = admin.locator('[data-testid="category-administrators"]');
  await manager.waitFor({ timeout: 15_000 });
  await manager.locator('input[name="category-administrators"]').fill('Max');
  await admin.locator('[data-testid="picker-result"]').filter({ hasText: 'Max' }).first().click({ timeout: 15_000 });
  await expect(manager).toContainText('Max', { timeout: 15_000 });

  // his open page follows: the administration, without the administrators manager (network admins only)
  await member.locator('[data-testid="category-administration-overview"]').waitFor({ timeout: 15_000 });
  await expect(member.locator('[data-testid="category-administrators"]')).toHaveCount(0);

  // the navigation: a module chosen by type, and a free address
  await member.click('[data-testid="category-tab-navigation"]');
  await member.click('[data-testid="category-navigation-add"]');
  await member.fill('[data-testid="navigation_items.0.text"]', 'Alle Mitglieder');
  await member.selectOption('[data-testid="navigation_items.0.link_type"]', 'standard');
  await expect(member.locator('[data-testid="navigation_items.0.link"]')).toHaveCount(0);
  await member.selectOption('[data-testid="navigation_items.0.target"]', 'members');
  await member.click('[data-testid="category-navigation-add"]');
  await member.fill('[data-testid="navigation_items.1.text"]', 'Lesekreis');
  await member.fill('[data-testid="navigation_items.1.link"]', '/groups/lesekreis');
  await member.click('[data-testid="category-navigation-save"]');
  // saved once the server answers it (the button is disabled while the save is pending too)
  const savedItems = async (page: Page, url: string) => ((await (await page.request.get(url)).json()) as NavigationAnswer).navigation_items.map(({ text, link, link_type, target }) => ({ text, link, link_type, target }));
  await expect.poll(() => savedItems(member, `${root}/navigation.json`), { timeout: 15_000 }).toEqual([
    { text: 'Alle Mitglieder', link: '/directory/members', link_type: 'standard', target: 'members' },
    { text: 'Lesekreis', link: '/groups/lesekreis', link_type: 'link', target: '' },
  ]);
  // read again, the item keeps its type and module
  await member.reload();
  await expect(member.locator('[data-testid="navigation_items.0.link_type"]')).toHaveValue('standard', { timeout: 15_000 });
  await expect(member.locator('[data-testid="navigation_items.0.target"]')).toHaveValue('members');
  await member.screenshot({ path: screenshotPath('category-administration-navigation.png') });

  // the statistics: today's row of the category's groups, following a change in the book club live
  await member.click('[data-testid="category-tab-statistics"]');
  const today = new Date().toISOString().slice(0, 10);
  const row = member.locator(`[data-testid="category-statistics-${today}"]`);
  await row.waitFor({ timeout: 15_000 });
  expect(Number(await row.locator('td').nth(1).textContent())).toBeGreaterThan(0);
  const activity = row.locator('td').nth(3);
  const before = Number(await activity.textContent());
  await changeBookClub(admin, baseUrl, `Counted ${Date.now()}`);
  await expect.poll(async () => Number(await activity.textContent()), { timeout: 15_000 }).toBeGreaterThan(before);
  await member.screenshot({ path: screenshotPath('category-administration-statistics.png') });

  await adminContext.close();
  await memberContext.close();
});

test("a group's admin edits the group's navigation with a module and sees its statistics follow a change", async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await signInMember(admin, baseUrl, 'admin@example.org');
  const root = `${baseUrl}/groups/lesekreis/administration`;
  await admin.goto(`${root}/navigation`);
  await admin.click('[data-testid="group-navigation-add"]', { timeout: 15_000 });
  await admin.fill('[data-testid="navigation_items.0.text"]', 'Suche');
  await admin.selectOption('[data-testid="navigation_items.0.link_type"]', 'standard');
  await admin.selectOption('[data-testid="navigation_items.0.target"]', 'search');
  await admin.click('[data-testid="group-navigation-save"]');
  // saved once the server answers it (the button is disabled while the save is pending too)
  await expect.poll(async () => ((await (await admin.request.get(`${root}/navigation.json`)).json()) as NavigationAnswer).navigation_items[0], { timeout: 15_000 }).toMatchObject({
    text: 'Suche',
    link: '/search',
    link_type: 'standard',
    target: 'search',
  });

  await admin.goto(`${root}/statistics`);
  const row = admin.locator(`[data-testid="group-statistics-${new Date().toISOString().slice(0, 10)}"]`);
  await row.waitFor({ timeout: 15_000 });
  const actions = row.locator('td').nth(4);
  const before = Number(await actions.textContent());
  await changeBookClub(admin, baseUrl, `Counted again ${Date.now()}`);
  await expect.poll(async () => Number(await actions.textContent()), { timeout: 15_000 }).toBeGreaterThan(before);
  await admin.screenshot({ path: screenshotPath('group-administration-statistics.png') });
  await context.close();
});
