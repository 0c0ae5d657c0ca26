// Apps in the browser, on the server and demo data of global-setup.ts: Ada (network admin) defines an app
// with a selection and a membership property; Max creates an item through the generated form (fixing a
// validation error on the way) and drags its card to another column while Ada's wall, open in a second
// browser context, shows it move; Max then stars his task and finds it in the starred tasks view.
import type { Page } from '@playwright/test';
import { expect, screenshotPath, signInMember, test } from './fixtures';

const callApi = async (page: Page, baseUrl: string, method: 'post' | 'put', path: string, data: object): Promise<void> => {
  const network = (await (await page.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string };
  const response = await page.request[method](`${baseUrl}${path}`, { data, headers: { 'X-CSRF-Token': network.csrf_token } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
};

test('an item made through the generated form moves on the kanban wall, and a second browser sees it move', async ({ browser, baseUrl }) => {
  const adminContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const admin = await adminContext.newPage();
  await signInMember(admin, baseUrl, 'admin@example.org');
  await callApi(admin, baseUrl, 'post', '/api/v1/apps', { slug: 'projects', name: 'Projects', description: 'What we work on' });
  await callApi(admin, baseUrl, 'put', '/api/v1/apps/projects/properties/p-title', { name: 'title', label: 'Title', type: 'text', required: true, maxlength: 60 });
  await callApi(admin, baseUrl, 'put', '/api/v1/apps/projects/properties/p-status', {
    name: 'status',
    label: 'Status',
    type: 'selection',
    required: true,
    options: [
      { label: 'To do', value: 'todo' },
      { label: 'Doing', value: 'doing' },
      { label: 'Done', value: 'done' },
    ],
  });
  await callApi(admin, baseUrl, 'put', '/api/v1/apps/projects/properties/p-owner', { name: 'owner', label: 'Owner', type: 'membership' });
  await callApi(admin, baseUrl, 'put', '/api/v1/apps/projects/properties/p-effort', { name: 'effort', label: 'Effort', type: 'number', precision: 1, min: 0, max: 100, postfix: ' h' });

  // Max fills the generated form; the effort is rounded on blur, a missing title is refused under its field
  const memberContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const member = await memberContext.newPage();
  await signInMember(member, baseUrl, 'member@example.org');
  await member.goto(`${baseUrl}/apps/projects/items/new`);
  await member.locator('[data-testid="property-status"] select').selectOption('todo');
  await member.fill('#field-effort', '2.26');
  await member.locator('#field-effort').blur();
  await expect(member.locator('#field-effort')).toHaveValue('2.3');
  await member.locator('[data-testid="property-owner"] input').fill('Max');
  await member.locator('.apps-picker__hits button', { hasText: 'Max' }).first().click({ timeout: 15_000 });
  await member.locator('button[type="submit"]').click();
  await expect(member.locator('[data-testid="error-title"]')).toBeVisible();
  await member.screenshot({ path: screenshotPath('apps-form-error.png') });
  await member.fill('#field-title', 'Paint the fence');
  await expect(member.locator('[data-testid="error-title"]')).toHaveCount(0);
  await member.locator('button[type="submit"]').click();
  await member.waitForURL(/\/apps\/projects\/items\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(member.locator('[data-testid="value-effort"]')).toContainText(/2[.,]3 h/);
  await expect(member.locator('[data-testid="value-owner"]')).toContainText('Max');
  const itemId = member.url().split('/').at(-1) ?? '';

  // Ada watches the wall; Max drags the card from 'To do' to 'Doing'
  await admin.goto(`${baseUrl}/apps/projects`);
  await admin.locator(`[data-testid="column-todo"] [data-testid="card-${itemId}"]`).waitFor({ timeout: 15_000 });
  await member.goto(`${baseUrl}/apps/projects`);
  const card = member.locator(`[data-testid="card-${itemId}"]`);
  await member.locator(`[data-testid="column-todo"] [data-testid="card-${itemId}"]`).waitFor({ timeout: 15_000 });
  const movedAt = Date.now();
  await card.dragTo(member.locator('[data-testid="column-doing"]'));
  await member.locator(`[data-testid="column-doing"] [data-testid="card-${itemId}"]`).waitFor({ timeout: 5_000 });
  await admin.locator(`[data-testid="column-doing"] [data-testid="card-${itemId}"]`).waitFor({ timeout: 15_000 });
  test.info().annotations.push({ type: 'card-move-seen-by-other-ms', description: String(Date.now() - movedAt) });
  await expect(admin.locator(`[data-testid="column-todo"] [data-testid="card-${itemId}"]`)).toHaveCount(0);
  await admin.screenshot({ path: screenshotPath('apps-wall-moved.png') });

  // the move is stored: a reload shows the card in its new column
  await member.reload();
  await member.locator(`[data-testid="column-doing"] [data-testid="card-${itemId}"]`).waitFor({ timeout: 15_000 });

  // the item is Max's task: he stars it in his tasks and finds it in the starred view, reached through the navigation
  await member.goto(`${baseUrl}/tasks/my`);
  const marks = member.locator(`[data-testid="task-${itemId}"] [data-testid="marks-${itemId}"]`);
  await marks.waitFor({ timeout: 15_000 });
  await marks.locator('button[aria-pressed="false"]').click();
  await expect(marks.locator('button[aria-pressed="true"]')).toBeVisible({ timeout: 5_000 });
  await member.locator('nav a[href="/tasks/starred"]').first().click();
  await member.waitForURL(/\/tasks\/starred$/);
  await expect(member.locator(`[data-testid="task-${itemId}"]`)).toContainText('Paint the fence', { timeout: 15_000 });
  await member.screenshot({ path: screenshotPath('tasks-starred.png') });

  await adminContext.close();
  await memberContext.close();
});
