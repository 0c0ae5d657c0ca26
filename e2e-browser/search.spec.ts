// The global search in the browser, on the server and demo data of global-setup.ts: Ada (network admin)
// posts in the network's stream and writes to Max; Max searches from the header, sees the hits counted per
// module, opens the module's page and a hit. The console speaks German by default.
import type { Page } from '@playwright/test';
import { expect, screenshotPath, signInMember, test } from './fixtures';

const callApi = async <T>(page: Page, baseUrl: string, method: 'get' | 'post', path: string, data?: object): Promise<T> => {
  const network = (await (await page.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string };
  const response = await page.request[method](`${baseUrl}${path}`, { data, headers: { 'X-CSRF-Token': network.csrf_token, Accept: 'application/json' } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
};

test('a member searches from the header, sees the hits counted per module and opens one; a new post is found at once', async ({ browser, baseUrl }) => {
  const adaContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ada = await adaContext.newPage();
  await signInMember(ada, baseUrl, 'admin@example.org');
  await callApi(ada, baseUrl, 'post', '/api/v1/activitystreams/network/activities', { content: '<p>Platypus parade on Sunday</p>' });
  const recipients = await callApi<{ members: Array<{ id: string; name: string }> }>(ada, baseUrl, 'get', '/api/v1/messages/recipients?q=Max');
  const maxId = recipients.members.find((member) => member.name.startsWith('Max'))?.id ?? '';
  const message = await callApi<{ id: string }>(ada, baseUrl, 'post', '/api/v1/messages', { to: [maxId], subject: 'Platypus tickets', content: 'Two tickets for the platypus parade' });

  const maxContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const max = await maxContext.newPage();
  await signInMember(max, baseUrl, 'member@example.org');
  await max.locator('[data-testid="global-search"]').fill('platypus');
  await max.locator('[data-testid="global-search"]').press('Enter');
  await max.waitForURL(/\/search\?q=platypus/);
  await expect(max.locator('[data-testid="search-count-activities"]')).toHaveText('1', { timeout: 15_000 });
  await expect(max.locator('[data-testid="search-count-messages"]')).toHaveText('1');
  await expect(max.locator('[data-testid="search-count-files"]')).toHaveText('0');
  await expect(max.locator('[data-testid="search-section-messages"]')).toContainText('Platypus tickets');
  await expect(max.locator('[data-testid="search-section-activities"]')).toContainText('Platypus parade on Sunday');
  await max.screenshot({ path: screenshotPath('search-overview.png') });

  // a new post: found by the next search within a second of its event (the answers' cache follows the index)
  const postedAt = Date.now();
  await callApi(ada, baseUrl, 'post', '/api/v1/activitystreams/network/activities', { content: '<p>The platypus float needs paint</p>' });
  let foundAfter = -1;
  for (let attempt = 0; attempt < 40 && foundAfter < 0; attempt += 1) {
    const answer = await callApi<{ counts: Array<{ module: string; count: number }> }>(max, baseUrl, 'get', '/search.json?q=platypus');
    if (answer.counts.find((entry) => entry.module === 'activities')?.count === 2) foundAfter = Date.now() - postedAt;
    else await max.waitForTimeout(50);
  }
  expect(foundAfter).toBeGreaterThanOrEqual(0);
  test.info().annotations.push({ type: 'new-post-searchable-ms', description: String(foundAfter) });

  // the messages module's page, and the hit opens the message
  await max.locator('[data-testid="search-module-messages"]').click();
  await expect(max.locator('[data-testid="search-module-messages"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(max.locator('[data-testid="search-hit-messages"]')).toHaveCount(1);
  await max.locator('[data-testid="search-hit-messages"] [data-testid="search-hit-link"]').click();
  await max.waitForURL(`${baseUrl}/messages/${message.id}`);
  await expect(max.locator('[data-testid="message-content"]').first()).toHaveText('Two tickets for the platypus parade', { timeout: 15_000 });
  await max.screenshot({ path: screenshotPath('search-hit-opened.png') });
  await adaContext.close();
  await maxContext.close();
});
