// The auditor's console: the history's hash chain verified with a progress bar, and the member filter.
import { readFile } from 'node:fs/promises';
import { expect, screenshotPath, test } from './fixtures';

test("an auditor verifies the history's hash chain and filters the history by a member picked by name", async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/`);
  await page.fill('input[name="email"]', 'auditor@example.org');
  await page.fill('input[name="password"]', 'changeme');
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(/#\/audit/, { timeout: 15_000 });

  await page.locator('[data-testid="menu-integrity"]').click();
  await page.locator('[data-testid="verify-integrity"]').click();
  const result = page.locator('[data-testid="integrity-result"]');
  await result.waitFor({ timeout: 30_000 });
  // German, the default: every event intact, and the head to keep outside the system
  await expect(result).toContainText(/Alle \d+ Ereignisse sind unverändert/);
  await expect(result).toContainText(/Hash [0-9a-f]{64}/);
  await expect(page.locator('[data-testid="read-model-result"]')).toContainText(/Die Audit-Liste zeigt alle \d+ Ereignisse/);
  await page.screenshot({ path: screenshotPath('auditor-integrity.png') });

  // the member filter: an auditor picks a member by name (the members list itself is the administrators')
  await page.locator('[data-testid="menu-audit-events"]').click();
  await page.locator('.RaDatagrid-row').first().waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Filter hinzufügen' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Mitglied' }).click();
  const picker = page.getByRole('combobox', { name: 'Mitglied' });
  await picker.fill('Ada');
  await page.getByRole('option', { name: 'Ada Admin' }).click();
  // the list then holds Ada's events only, the filter in the address
  await page.waitForURL(/member/, { timeout: 15_000 });
  await page.locator('.RaDatagrid-row').first().waitFor({ timeout: 15_000 });
  await expect(page.locator('.RaDatagrid-row').filter({ hasText: 'Audrey Auditor' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('auditor-member-filter.png') });
  await context.close();
});

test("an auditor follows one appointment's history with the fields each event changed, and exports the filtered history as NDJSON", async ({ browser, baseUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/`);
  await page.fill('input[name="email"]', 'auditor@example.org');
  await page.fill('input[name="password"]', 'changeme');
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(/#\/audit/, { timeout: 15_000 });

  // the history filtered to appointments created (the filter lives in the address)
  await page.goto(`${baseUrl}/admin/#/audit-events?filter=${encodeURIComponent(JSON.stringify({ type: 'AppointmentCreated' }))}`);
  const first = page.locator('.RaDatagrid-row').filter({ hasText: 'Termin' }).first();
  await first.locator('[data-testid="stream-history"]').waitFor({ timeout: 15_000 });
  const stream = (await first.locator('[data-testid="stream-history"]').innerText()).trim();
  expect(stream).toMatch(/^appointment-/);

  // the export takes the list's filter: every line an AppointmentCreated, oldest first
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="export-ndjson"]').click()]);
  expect(download.suggestedFilename()).toMatch(/^history-.+\.ndjson$/);
  const lines = (await readFile((await download.path()) ?? '', 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; position: number });
  expect(lines.length).toBeGreaterThan(0);
  expect(new Set(lines.map((line) => line.type))).toEqual(new Set(['AppointmentCreated']));
  expect(lines.map((line) => line.position)).toEqual([...lines.map((line) => line.position)].sort((a, b) => a - b));

  // one appointment's history: its creation sets the name, shown as a change from 'nicht gesetzt'
  await page.locator('[data-testid="stream-history"]', { hasText: stream }).click();
  await expect(page.locator('[data-testid="history-stream"]')).toContainText(stream);
  const step = page.locator('[data-testid="history-step"]').last();
  await expect(step.locator('[data-testid="history-diff"]')).toContainText('appointment.name');
  await expect(step).toContainText('nicht gesetzt');
  await page.screenshot({ path: screenshotPath('auditor-entity-history.png') });

  // the read models and their lag
  await page.locator('[data-testid="menu-projections"]').click();
  await expect(page.locator('[data-testid="projection-row"]').filter({ hasText: 'audit_events' })).toHaveCount(1);

  // the signed head, downloaded to keep outside the system
  await page.locator('[data-testid="menu-integrity"]').click();
  const [head] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="sign-head"]').click()]);
  expect(head.suggestedFilename()).toMatch(/^chain-head-\d+\.json$/);
  const signed = JSON.parse(await readFile((await head.path()) ?? '', 'utf8')) as { algorithm: string; signature: string };
  expect(signed.algorithm).toBe('Ed25519');
  await expect(page.locator('[data-testid="signed-head"]')).toContainText(/Ereignis \d+, signiert am/);
  await context.close();
});
