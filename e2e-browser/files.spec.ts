// The files module in the browser, on the server and demo data of global-setup.ts: a group of its own,
// founded by Ada (network admin, so its group admin), with Max and the auditor as members.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { readZipEntries } from '../platform/src/testing/zip-reader';
import { expect, screenshotPath, signInMember, test } from './fixtures';

const api = async (page: Page, baseUrl: string, method: 'post' | 'put' | 'get', path: string, data?: object): Promise<Record<string, unknown>> => {
  const network = (await (await page.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string };
  const response = await page.request[method](`${baseUrl}${path}`, { data, headers: { 'X-CSRF-Token': network.csrf_token } });
  expect(response.status(), `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
};

/** the files module's unread folders count in the module switcher (0 without one) */
const unreadFolders = async (page: Page): Promise<number> => Number(/\((\d+)\)/.exec((await page.locator('option[value="files"]').textContent()) ?? '')?.[1] ?? 0);

test('members upload into a group folder, lock a file, propose a version the group admin approves, and download the folder as a zip', async ({ browser, baseUrl }) => {
  const open = async (email: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signInMember(page, baseUrl, email);
    return page;
  };
  const admin = await open('admin@example.org');
  const member = await open('member@example.org');
  const auditor = await open('auditor@example.org');
  const categories = (await api(admin, baseUrl, 'get', '/api/v1/group_categories')) as { group_categories: Array<{ slug: string }> };
  const group = (await api(admin, baseUrl, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Dateiablage' } })) as { slug: string };
  await api(member, baseUrl, 'post', `/api/v1/groups/${group.slug}/join`);
  await api(auditor, baseUrl, 'post', `/api/v1/groups/${group.slug}/join`);
  // Ada has the group's files open while Max works: the unread folders count follows live
  await admin.goto(`${baseUrl}/groups/${group.slug}/files`);
  await admin.locator('[data-testid="files-empty"]').waitFor({ timeout: 15_000 });
  const unreadBefore = await unreadFolders(admin);

  // Max makes a folder and uploads two files into it with the new-files form, reaching the group's files
  // through the files tab of its navigation
  await member.goto(`${baseUrl}/groups/${group.slug}`);
  await member.locator('[data-testid="group-nav-files"]').click();
  await expect(member).toHaveURL(new RegExp(`/groups/${group.slug}/files$`));
  await member.locator('[data-testid="files-empty"]').waitFor({ timeout: 15_000 });
  await member.locator('[data-testid="files-new-folder"]').click();
  await member.fill('[data-testid="new-folder-name"]', 'Protokolle');
  await member.locator('[data-testid="new-folder-save"]').click();
  await member.locator('[data-testid="files-row-Protokolle"] button').click();
  await member.locator('[data-testid="files-empty"]').waitFor({ timeout: 15_000 });
  await member.locator('[data-testid="files-add"]').click();
  await expect(member.locator('[data-testid="new-files-save"]')).toBeDisabled();
  await member.locator('[data-testid="new-files-input"]').setInputFiles([
    { name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('Plan, erste Fassung') },
    { name: 'budget.txt', mimeType: 'text/plain', buffer: Buffer.from('Budget, erste Fassung') },
  ]);
  await expect(member.locator('[data-testid="upload-plan.txt"]')).toHaveAttribute('data-state', 'volatile', { timeout: 15_000 });
  await expect(member.locator('[data-testid="upload-budget.txt"]')).toHaveAttribute('data-state', 'volatile', { timeout: 15_000 });
  await member.fill('[data-testid="new-files-description"]', 'Sitzung im März');
  const savedAt = Date.now();
  await member.locator('[data-testid="new-files-save"]').click();
  await member.locator('[data-testid="files-row-plan.txt"]').waitFor({ timeout: 15_000 });
  await member.locator('[data-testid="files-row-budget.txt"]').waitFor({ timeout: 15_000 });
  await member.screenshot({ path: screenshotPath('files-group-folder.png') });

  // new to Ada: the folder is marked unread and counted, without a reload; opening it marks it read
  await admin.locator('[data-testid="files-unread-Protokolle"]').waitFor({ timeout: 15_000 });
  test.info().annotations.push({ type: 'unread-folder-visible-ms', description: String(Date.now() - savedAt) });
  await expect.poll(() => unreadFolders(admin), { timeout: 15_000 }).toBe(unreadBefore + 1);
  await admin.screenshot({ path: screenshotPath('files-unread-folder.png') });
  await admin.locator('[data-testid="files-row-Protokolle"] button').click();
  await admin.locator('[data-testid="files-row-plan.txt"]').waitFor({ timeout: 15_000 });
  await expect.poll(() => unreadFolders(admin), { timeout: 15_000 }).toBe(unreadBefore);
  await admin.goBack();
  await admin.locator('[data-testid="files-row-Protokolle"]').waitFor({ timeout: 15_000 });
  await expect(admin.locator('[data-testid="files-unread-Protokolle"]')).toHaveCount(0);

  // Max locks the plan: the lock shows on his page and, live, on the auditor's open folder page
  const folderUrl = member.url();
  await auditor.goto(folderUrl);
  await auditor.locator('[data-testid="files-row-plan.txt"]').waitFor({ timeout: 15_000 });
  await member.locator('[data-testid="files-row-plan.txt"] a').click();
  await member.locator('[data-testid="file-lock"]').click();
  await member.locator('[data-testid="file-locked"]').waitFor({ timeout: 15_000 });
  await auditor.locator('[data-testid="files-lock-plan.txt"]').waitFor({ timeout: 15_000 });

  // Ada has her open-review tab open (every scope's pending versions she may approve)
  await admin.goto(`${baseUrl}/files/approval`);
  await admin.locator('[data-testid="approval-open"]').waitFor({ timeout: 15_000 });
  const openCount = async (): Promise<number> => Number(await admin.locator('[data-testid="approval-count-open"]').textContent());
  const openBefore = await openCount();

  // the auditor proposes a new version of the budget: not theirs, so it waits for the group admin
  await auditor.locator('[data-testid="files-row-budget.txt"] a').click();
  await auditor.locator('[data-testid="file-page"]').waitFor({ timeout: 15_000 });
  const proposedAt = Date.now();
  await auditor.locator('[data-testid="file-version-input"]').setInputFiles({ name: 'budget.txt', mimeType: 'text/plain', buffer: Buffer.from('Budget, zweite Fassung') });
  await auditor.locator('[data-testid="file-pending-versions"]').waitFor({ timeout: 15_000 });

  // it reaches Ada's open review without a reload, with its folder and uploader, and is counted
  const review = admin.locator('[data-testid="open-review-budget.txt"]');
  await review.waitFor({ timeout: 15_000 });
  test.info().annotations.push({ type: 'open-review-visible-ms', description: String(Date.now() - proposedAt) });
  await expect(review).toContainText('Protokolle');
  await expect.poll(openCount, { timeout: 15_000 }).toBe(openBefore + 1);
  await admin.screenshot({ path: screenshotPath('files-open-review.png') });
  // the group's approval page lists it under new versions too
  const groupApproval = await admin.context().newPage();
  await groupApproval.goto(`${baseUrl}/groups/${group.slug}/files/approval`);
  await expect(groupApproval.locator('[data-testid="approval-count-versions"]')).toHaveText('1', { timeout: 15_000 });

  // Ada approves it from the open-review tab: it leaves her list (and the group page's, live) and the count follows
  await admin.locator('[data-testid="open-review-approve-budget.txt"]').click();
  await expect(review).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(openCount, { timeout: 15_000 }).toBe(openBefore);
  await expect(groupApproval.locator('[data-testid="approval-count-versions"]')).toHaveText('0', { timeout: 15_000 });
  await groupApproval.close();
  await auditor.locator('[data-testid="file-version-2"]').waitFor({ timeout: 15_000 });
  await expect(auditor.locator('[data-testid="file-pending-versions"]')).toHaveCount(0);

  // Max downloads the folder as one zip: both files, the budget in its approved version
  await member.goto(folderUrl);
  await member.locator('[data-testid="files-row-budget.txt"]').waitFor({ timeout: 15_000 });
  const [download] = await Promise.all([member.waitForEvent('download'), member.locator('[data-testid="files-download-zip"]').click()]);
  const zip = readFileSync(await download.path());
  const entries = readZipEntries(zip)
    .map((entry) => [entry.name, entry.bytes.toString()])
    .sort((a, b) => a[0].localeCompare(b[0]));
  expect(entries).toEqual([
    ['Protokolle/budget.txt', 'Budget, zweite Fassung'],
    ['Protokolle/plan.txt', 'Plan, erste Fassung'],
  ]);
  for (const page of [admin, member, auditor]) await page.context().close();
});
