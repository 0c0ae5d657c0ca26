// File profiles, finalizing and archive exports in the browser, on the server and demo data of
// global-setup.ts: a group of its own, founded by Ada (network admin), with Max and the auditor as members.
// The network's profiles are switched on in admin-ui for the scenario and off again at its end, so the
// scenarios after it find the files area as the seed left it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { readZipEntries } from '../platform/src/testing/zip-reader';
import { expect, screenshotPath, signInAdmin, signInMember, test } from './fixtures';

const csrfOf = async (page: Page, baseUrl: string): Promise<string> => ((await (await page.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string }).csrf_token;

const api = async (page: Page, baseUrl: string, method: 'post' | 'put' | 'get', path: string, data?: object): Promise<Record<string, unknown>> => {
  const response = await page.request[method](`${baseUrl}${path}`, { data, headers: { 'X-CSRF-Token': await csrfOf(page, baseUrl) } });
  expect(response.status(), `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
};

const openMember = async (browser: Browser, baseUrl: string, email: string): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInMember(page, baseUrl, email);
  return page;
};

/** the network's files settings as admin-ui shows them: profiles switched on or off there and saved */
const switchProfiles = async (page: Page, on: boolean): Promise<void> => {
  await page.locator('[data-testid="menu-file-settings"]').click();
  const toggle = page.locator('input[name="profiles_enabled"]');
  await toggle.waitFor({ timeout: 15_000 });
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await expect(toggle).toBeChecked({ checked: on });
  await page.locator('[data-testid="file-settings-save"]').click();
};

test('a file profile filled on upload and edited live, a finalized file refusing changes, and a folder exported as an archive', async ({ browser, baseUrl }) => {
  const adminConsole = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAdmin(adminConsole, baseUrl, 'admin@example.org', 'menu-file-settings');
  const admin = await openMember(browser, baseUrl, 'admin@example.org');
  const member = await openMember(browser, baseUrl, 'member@example.org');
  const auditor = await openMember(browser, baseUrl, 'auditor@example.org');
  const settings = async (): Promise<{ profiles_enabled: boolean }> => (await api(member, baseUrl, 'get', '/api/storage/settings')) as { profiles_enabled: boolean };
  try {
    // Ada switches the network's profiles on in admin-ui's files settings; the group gets a file profile of its own
    await switchProfiles(adminConsole, true);
    await expect.poll(async () => (await settings()).profiles_enabled, { timeout: 15_000 }).toBe(true);
    await adminConsole.screenshot({ path: screenshotPath('files-settings-profiles-on.png') });
    const categories = (await api(admin, baseUrl, 'get', '/api/v1/group_categories')) as { group_categories: Array<{ slug: string }> };
    const group = (await api(admin, baseUrl, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Profilablage' } })) as { id: string; slug: string };
    await api(admin, baseUrl, 'put', `/api/v1/property_sets/file_profile?context_type=group&context_id=${encodeURIComponent(group.id)}`, {
      properties: [
        { name: 'kind', type: 'selection', label: 'Dokumentart', required: true, options: [{ label: 'Protokoll', value: 'minutes' }, { label: 'Vertrag', value: 'contract' }] },
        { name: 'reference', type: 'text', label: 'Aktenzeichen', maxlength: 20 },
      ],
      revision: 0,
    });
    await api(member, baseUrl, 'post', `/api/v1/groups/${group.slug}/join`);
    await api(auditor, baseUrl, 'post', `/api/v1/groups/${group.slug}/join`);

    // (1) Max makes a folder and uploads a file with the new-files form, filling the profile's fields
    await member.goto(`${baseUrl}/groups/${group.slug}/files`);
    await member.locator('[data-testid="files-empty"]').waitFor({ timeout: 15_000 });
    await member.locator('[data-testid="files-new-folder"]').click();
    await member.fill('[data-testid="new-folder-name"]', 'Verträge');
    await member.locator('[data-testid="new-folder-save"]').click();
    await member.locator('[data-testid="files-row-Verträge"] button').click();
    await member.locator('[data-testid="files-empty"]').waitFor({ timeout: 15_000 });
    const folderUrl = member.url();
    await member.locator('[data-testid="files-add"]').click();
    await member.locator('[data-testid="new-files-input"]').setInputFiles({ name: 'miete.txt', mimeType: 'text/plain', buffer: Buffer.from('Mietvertrag, erste Fassung') });
    await expect(member.locator('[data-testid="upload-miete.txt"]')).toHaveAttribute('data-state', 'volatile', { timeout: 15_000 });
    // one field a line: the description's box, the stream checkbox and the profile's fields below each other
    const boxOf = async (testId: string) => (await member.locator(`[data-testid="${testId}"]`).boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const description = await boxOf('new-files-description');
    const toStream = await boxOf('new-files-post-to-stream');
    expect(toStream.y).toBeGreaterThanOrEqual(description.y + description.height);
    expect((await boxOf('profile-kind')).y).toBeGreaterThan(toStream.y + toStream.height);
    await member.screenshot({ path: screenshotPath('files-new-files-profile.png') });
    // the document type is required: the form will not save without it (the field says so) and publishes nothing
    await member.fill('[data-testid="profile-reference"]', 'AZ-17');
    await member.locator('[data-testid="new-files-save"]').click();
    expect(await member.locator('[data-testid="profile-kind"]').evaluate((field) => (field as HTMLSelectElement).validity.valueMissing)).toBe(true);
    await expect(member.locator('[data-testid="upload-miete.txt"]')).toHaveAttribute('data-state', 'volatile');
    await member.locator('[data-testid="profile-kind"]').selectOption('minutes');
    await member.locator('[data-testid="new-files-save"]').click();
    await member.locator('[data-testid="files-row-miete.txt"] a').click();
    await member.locator('[data-testid="file-page"]').waitFor({ timeout: 15_000 });
    const fileUrl = member.url();
    await expect(member.locator('[data-testid="file-profile-kind"]')).toContainText('Protokoll', { timeout: 15_000 });
    await expect(member.locator('[data-testid="file-profile-reference"]')).toContainText('AZ-17');

    // the auditor has the file page open; Max corrects the profile and the auditor sees it without a reload
    await auditor.goto(fileUrl);
    await expect(auditor.locator('[data-testid="file-profile-kind"]')).toContainText('Protokoll', { timeout: 15_000 });
    await expect(auditor.locator('[data-testid="file-profile-edit"]')).toHaveCount(0); // not theirs to change
    await expect(auditor.locator('[data-testid="document-action-review"]')).toBeVisible();
    await member.locator('[data-testid="file-profile-edit"]').click();
    await member.locator('[data-testid="profile-kind"]').selectOption('contract');
    await member.fill('[data-testid="profile-reference"]', 'AZ-18');
    await member.locator('[data-testid="file-profile-save"]').click();
    await expect(member.locator('[data-testid="file-profile-kind"]')).toContainText('Vertrag', { timeout: 15_000 });
    await expect(auditor.locator('[data-testid="file-profile-kind"]')).toContainText('Vertrag', { timeout: 15_000 });
    await expect(auditor.locator('[data-testid="file-profile-reference"]')).toContainText('AZ-18');
    await auditor.screenshot({ path: screenshotPath('files-profile-live.png') });

    // (2) Max finalizes the file after the confirmation naming it; the mark shows on both pages
    await expect(member.locator('[data-testid="document-action-edit"]')).toBeVisible();
    const confirmed: string[] = [];
    member.once('dialog', (dialog) => {
      confirmed.push(dialog.message());
      void dialog.accept();
    });
    await member.locator('[data-testid="file-finalize"]').click();
    await member.locator('[data-testid="file-finalized"]').waitFor({ timeout: 15_000 });
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toContain('miete.txt');
    await auditor.locator('[data-testid="file-finalized"]').waitFor({ timeout: 15_000 });
    // the auditor's proposal and lock actions go with it, live
    await expect(auditor.locator('[data-testid="document-action-review"]')).toHaveCount(0, { timeout: 15_000 });
    await expect(auditor.locator('[data-testid="file-lock"]')).toHaveCount(0);
    // nothing that changes it is offered any more (viewing and downloading stay)
    for (const testId of ['file-finalize', 'file-lock', 'document-action-edit', 'document-action-review', 'file-version-input', 'file-profile-edit']) {
      await expect(member.locator(`[data-testid="${testId}"]`), testId).toHaveCount(0);
    }
    await expect(member.locator('[data-testid="document-action-view"]')).toBeVisible();
    await expect(member.locator('[data-testid="file-download"]')).toBeVisible();
    await member.screenshot({ path: screenshotPath('files-finalized.png') });
    // and the server refuses them all the same: a rename, a new version, a profile change
    const fileId = decodeURIComponent(new URL(fileUrl).pathname.split('/').pop() ?? '');
    const headers = { 'X-CSRF-Token': await csrfOf(member, baseUrl) };
    const rename = await member.request.put(`${baseUrl}/api/storage/files/${encodeURIComponent(fileId)}`, { data: { name: 'miete-neu.txt' }, headers });
    expect(rename.status()).toBe(409);
    expect(await rename.json()).toMatchObject({ error: 'file_finalized' });
    const version = await member.request.post(`${baseUrl}/api/storage/files/${encodeURIComponent(fileId)}/versions`, {
      multipart: { file: { name: 'miete.txt', mimeType: 'text/plain', buffer: Buffer.from('Mietvertrag, zweite Fassung') } },
      headers,
    });
    expect(version.status()).toBe(409);
    expect(await version.json()).toMatchObject({ error: 'file_finalized' });
    const profile = await member.request.put(`${baseUrl}/api/storage/files/${encodeURIComponent(fileId)}/profile`, { data: { file_profile: { kind: 'minutes' } }, headers });
    expect(profile.status()).toBe(409);
    expect(await profile.json()).toMatchObject({ error: 'file_finalized' });
    await member.reload();
    await expect(member.locator('[data-testid="file-profile-kind"]')).toContainText('Vertrag', { timeout: 15_000 });
    await expect(member.locator('[data-testid="file-versions"] li')).toHaveCount(1);
    // in the folder its row carries the mark too
    await member.goto(folderUrl);
    await member.locator('[data-testid="files-finalized-miete.txt"]').waitFor({ timeout: 15_000 });

    // (3) Max exports the folder as an archive and downloads the zip once it is finished; an 8 MB recording
    // lies beside the contract, so the zip's bytes are checked on something larger than a line of text
    const folderId = decodeURIComponent(new URL(folderUrl).pathname.split('/').pop() ?? '');
    const recording = randomBytes(8 * 1024 * 1024);
    const uploaded = await member.request.post(`${baseUrl}/api/storage/files`, { multipart: { file: { name: 'aufnahme.bin', mimeType: 'application/octet-stream', buffer: recording } }, headers });
    expect(uploaded.status()).toBe(201);
    const recordingId = ((await uploaded.json()) as { id: string }).id;
    await api(member, baseUrl, 'post', '/api/storage/files/publish', { files: [{ id: recordingId }], folder_ids: [folderId], description: '', file_profile: { kind: 'minutes' } });
    await member.locator('[data-testid="files-row-aufnahme.bin"]').waitFor({ timeout: 15_000 });
    await member.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { archiveStates: string[] }).archiveStates = seen;
      const note = () => {
        for (const item of document.querySelectorAll('[data-testid="files-archives"] li')) {
          const state = `${item.getAttribute('data-testid')}${item.querySelector('progress') ? ':progress' : ''}`;
          if (seen.at(-1) !== state) seen.push(state);
        }
      };
      new MutationObserver(note).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await member.locator('[data-testid="files-export-archive"]').click();
    const link = member.locator('[data-testid="files-archive-finished"] [data-testid="files-archive-download"]').first();
    await link.waitFor({ timeout: 30_000 });
    const states = await member.evaluate(() => (window as unknown as { archiveStates: string[] }).archiveStates);
    test.info().annotations.push({ type: 'archive-states', description: states.join(', ') });
    // what the page showed on the way is reported, not asserted: a build may finish before the page first
    // reads the export back (CI saw only 'finished' once, with the 8 MB recording). The pushed percentages are
    // asserted by standalone/src/file-archives.int.spec.ts, the bar's rendering by archive-exports.unit.spec.tsx
    expect(states.at(-1) ?? '', `states seen: ${states.join(', ')}`).toMatch(/^files-archive-finished/);
    await member.screenshot({ path: screenshotPath('files-archive-export.png') });
    const [download] = await Promise.all([member.waitForEvent('download'), link.click()]);
    const entries = readZipEntries(readFileSync(await download.path())).sort((a, b) => a.name.localeCompare(b.name));
    expect(entries.map((entry) => entry.name)).toEqual(['Verträge/aufnahme.bin', 'Verträge/miete.txt']);
    expect(entries[0].bytes.equals(recording)).toBe(true);
    expect(entries[1].bytes.toString()).toBe('Mietvertrag, erste Fassung');
  } finally {
    await switchProfiles(adminConsole, false);
    await expect.poll(async () => (await settings()).profiles_enabled, { timeout: 15_000 }).toBe(false);
    for (const page of [adminConsole, admin, member, auditor]) await page.context().close();
  }
});
