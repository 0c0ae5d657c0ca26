// Tag groups, internal tags and related items made in the relation picker, on the server and demo data of
// global-setup.ts: Ada (network admin) makes a tag field internal in admin-ui's property editor, naming the
// app's topic field as its tag group through the picker; Max fills the generated form with a topic, an
// internal tag and a related item he creates right in the relation picker; Gina (external member) reads the
// item and never learns the internal tag: not on the page, not through the tag finder. Max then types the
// internal tag's name into a field without groups: Gina sees only the letters he typed there, and the
// internal tag's new name never.
import type { Page } from '@playwright/test';
import { expect, screenshotPath, signInAdmin, signInMember, test } from './fixtures';

/** the answers' parts this scenario reads */
interface AppDto {
  properties: Array<{ name: string; internal?: boolean; tag_parents?: string[] }>;
}
interface FindTagsResponse {
  tags: Array<{ id: string; name: string; new: boolean }>;
}
interface ItemResponse {
  item: { values: Record<string, unknown> };
}
interface ItemSearchResponse {
  items: Array<{ id: string; displayValue: string }>;
}

const api = async <T>(page: Page, baseUrl: string, method: 'get' | 'post' | 'put', path: string, data?: object): Promise<T> => {
  const network = (await (await page.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string };
  const response = await page.request[method](`${baseUrl}${path}`, { data, headers: { 'X-CSRF-Token': network.csrf_token } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
};

test('an internal tag stays with members, and a related item is made in the relation picker', async ({ browser, baseUrl }) => {
  const open = async (email: string): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await signInMember(page, baseUrl, email);
    return page;
  };
  const ada = await open('admin@example.org');
  await api(ada, baseUrl, 'post', '/api/v1/apps', { slug: 'beete', name: 'Beete', description: '' });
  await api(ada, baseUrl, 'put', '/api/v1/apps/beete/properties/p-title', { name: 'title', label: 'Name', type: 'text' });
  await api(ada, baseUrl, 'post', '/api/v1/apps', { slug: 'ideen', name: 'Ideen', description: '' });
  await api(ada, baseUrl, 'put', '/api/v1/apps/ideen/properties/p-title', { name: 'title', label: 'Titel', type: 'text', required: true });
  await api(ada, baseUrl, 'put', '/api/v1/apps/ideen/properties/p-topic', { name: 'topic', label: 'Thema', type: 'tag', multiple: true, allow_create: true });
  await api(ada, baseUrl, 'put', '/api/v1/apps/ideen/properties/p-staff', { name: 'staff', label: 'Intern', type: 'tag', multiple: true, allow_create: true });
  await api(ada, baseUrl, 'put', '/api/v1/apps/ideen/properties/p-bed', { name: 'bed', label: 'Beet', type: 'relation', related_apps: ['beete'], allow_create_related: true });
  await api(ada, baseUrl, 'put', '/api/v1/apps/ideen/properties/p-free', { name: 'free', label: 'Freie Tags', type: 'tag', multiple: true, allow_create: true });

  // Ada makes the staff field internal in admin-ui, its tag group picked from the app's other tag fields
  const adminConsole = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signInAdmin(adminConsole, baseUrl, 'admin@example.org', 'menu-apps');
  await adminConsole.goto(`${baseUrl}/admin/#/apps/ideen`);
  // the tag rows in order: topic, staff, free
  const groups = adminConsole.locator('.ra-input-tag_parents').nth(1).locator('input');
  await groups.waitFor({ timeout: 15_000 });
  await groups.click();
  // the picker offers the other tag fields, never the field itself nor the text field
  const options = adminConsole.locator('[role="option"]');
  await expect(options).toHaveText(['Thema (topic)', 'Freie Tags (free)'], { timeout: 15_000 });
  await options.filter({ hasText: 'Thema (topic)' }).click();
  await adminConsole.locator('.ra-input-internal').nth(1).locator('input[type="checkbox"]').check();
  await adminConsole.screenshot({ path: screenshotPath('app-tags-editor.png') });
  await adminConsole.locator('button[type="submit"]').click();
  await expect
    .poll(async () => (await api<AppDto>(ada, baseUrl, 'get', '/api/v1/apps/ideen')).properties.find((property) => property.name === 'staff'), { timeout: 15_000 })
    .toMatchObject({ internal: true, tag_parents: ['ideen/p-topic'] });

  // Max fills the form: a topic, an internal tag, and a bed he creates in the relation picker
  const max = await open('member@example.org');
  await max.goto(`${baseUrl}/apps/ideen/items/new`);
  await max.fill('#field-title', 'Hochbeete bauen');
  await max.locator('[data-testid="property-topic"] input').fill('Kompost');
  await max.locator('[data-testid="property-topic"] input').press('Enter');
  await expect(max.locator('[data-testid="property-staff"]')).toContainText('Interne Tags: externe Mitglieder sehen sie nicht.');
  await max.locator('[data-testid="property-staff"] input').fill('Budget knapp');
  await max.locator('[data-testid="property-staff"] input').press('Enter');
  await max.locator('[data-testid="property-bed"] input').fill('Hochbeet Nord');
  await max.locator('[data-testid="property-bed"] button[role="option"]', { hasText: '„Hochbeet Nord“ in Beete anlegen' }).click({ timeout: 15_000 });
  await expect(max.locator('[data-testid="property-bed"] .apps-chip')).toContainText('Hochbeet Nord');
  await max.locator('button[type="submit"]').click();
  await max.waitForURL(/\/apps\/ideen\/items\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const itemId = max.url().split('/').at(-1) ?? '';
  await expect(max.locator('[data-testid="value-staff"]')).toContainText('Budget knapp', { timeout: 15_000 });
  await expect(max.locator('[data-testid="value-topic"]')).toContainText('Kompost');
  await expect(max.locator('[data-testid="value-bed"]')).toContainText('Hochbeet Nord');
  await max.screenshot({ path: screenshotPath('app-tags-member-item.png') });
  // the bed is an item of its own app, made under that app's rule
  const beds = await api<ItemSearchResponse>(max, baseUrl, 'get', '/api/v1/apps/beete/items?q=Hochbeet');
  expect(beds.items.map((bed) => bed.displayValue)).toEqual(['Hochbeet Nord']);

  // Gina (external) reads the item: the topic and the bed, never the internal tag
  const gina = await open('guest@example.org');
  await gina.goto(`${baseUrl}/apps/ideen/items/${itemId}`);
  await expect(gina.locator('[data-testid="value-topic"]')).toContainText('Kompost', { timeout: 15_000 });
  await expect(gina.locator('[data-testid="value-bed"]')).toContainText('Hochbeet Nord');
  await expect(gina.locator('[data-testid="value-staff"]')).toHaveCount(0);
  await expect(gina.locator('body')).not.toContainText('Budget knapp');
  await gina.screenshot({ path: screenshotPath('app-tags-external-item.png') });
  const found = await api<FindTagsResponse>(gina, baseUrl, 'get', '/tags/find?q=budget&exclude_new=true');
  expect(found.tags).toEqual([]);

  // Max types the internal tag's name into the field without groups; Ada renames the internal tag
  await max.goto(`${baseUrl}/apps/ideen/items/${itemId}/edit`);
  await max.locator('[data-testid="property-free"] input').fill('budget knapp');
  await max.locator('[data-testid="property-free"] input').press('Enter');
  await max.locator('button[type="submit"]').click();
  await max.waitForURL(/\/apps\/ideen\/items\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(max.locator('[data-testid="value-free"]')).toContainText('budget knapp', { timeout: 15_000 });
  const internalTag = (await api<ItemResponse>(ada, baseUrl, 'get', `/api/v1/apps/ideen/items/${itemId}`)).item.values['staff'] as Array<{ id: string }>;
  await api(ada, baseUrl, 'put', `/administration/tags/${internalTag[0]?.id ?? ''}`, { name: 'Budget halbiert' });
  await expect.poll(async () => JSON.stringify(await api<ItemResponse>(max, baseUrl, 'get', `/api/v1/apps/ideen/items/${itemId}`)), { timeout: 15_000 }).toContain('Budget halbiert');

  await gina.reload();
  await expect(gina.locator('[data-testid="value-free"]')).toContainText('budget knapp', { timeout: 15_000 });
  await expect(gina.locator('body')).not.toContainText('Budget halbiert');
  const foundAgain = await api<FindTagsResponse>(gina, baseUrl, 'get', '/tags/find?q=budget&exclude_new=true');
  expect(foundAgain.tags.map((tag) => tag.name)).toEqual(['budget knapp']);
  const throughGroup = await api<FindTagsResponse>(gina, baseUrl, 'get', '/tags/find?q=&tag_parents=ideen/p-staff&exclude_new=true');
  expect(throughGroup.tags).toEqual([]);

  for (const page of [ada, adminConsole, max, gina]) await page.context().close();
});
