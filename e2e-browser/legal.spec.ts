// Legal texts end to end: an administrator publishes a version that asks for consent and then a second one,
// a member accepts each on the consent screen (the second arrives live on the open page), and the auditor
// sees both acceptances in the ledger.
import { expect, screenshotPath, signInAdmin, signInMember, test, writeRichText } from './fixtures';

test('an administrator publishes a second version, a member accepts it, the auditor sees both acceptances', async ({ browser, baseUrl }) => {
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAdmin(admin, baseUrl, 'admin@example.org', 'menu-legal-texts');

  // the list starts empty, with its empty state
  await admin.locator('[data-testid="menu-legal-texts"]').click();
  await expect(admin.locator('[data-testid="legal-texts-empty"]')).toBeVisible({ timeout: 15_000 });

  // version 1, asking for consent
  await admin.goto(`${baseUrl}/admin/#/legal_texts/create`);
  await admin.fill('input[name="name"]', 'Nutzungsbedingungen');
  await writeRichText(admin, 'legal-text-text', 'Erste Fassung der Bedingungen');
  await admin.locator('input[name="requires_consent"]').check();
  await admin.locator('[data-testid="legal-text-save"]').click();
  await admin.waitForURL(/#\/legal_texts\/[^/]+\/show/, { timeout: 15_000 });
  const id = /#\/legal_texts\/([^/]+)\/show/.exec(admin.url())?.[1] ?? '';
  await expect(admin.locator('[data-testid="legal-text-version-1"]')).toContainText('Erste Fassung');

  try {
    // the public page, signed out
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${baseUrl}/legal/nutzungsbedingungen`);
    await expect(publicPage.locator('[data-testid="legal-text-content"]')).toContainText('Erste Fassung', { timeout: 15_000 });
    await visitor.close();

    // the member must accept version 1 before the console shows anything else
    const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const member = await memberContext.newPage();
    await signInMember(member, baseUrl, 'member@example.org');
    const gate = member.locator('[data-testid="consent-gate"]');
    await expect(gate).toContainText('Erste Fassung', { timeout: 15_000 });
    await gate.getByRole('button').click();
    await expect(gate).toHaveCount(0, { timeout: 15_000 });

    // version 2: the administrator edits the text and asks again
    await admin.goto(`${baseUrl}/admin/#/legal_texts/${id}`);
    await writeRichText(admin, 'legal-text-text', 'Zweite Fassung der Bedingungen');
    await admin.locator('input[name="requires_consent"]').check();
    await admin.locator('[data-testid="legal-text-save"]').click();
    await admin.waitForURL(/#\/legal_texts\/[^/]+\/show/, { timeout: 15_000 });
    // the show page reads with the save's position: the server waits up to CONSISTENCY_WAIT_MS (5 s) for it
    await expect(admin.locator('[data-testid="legal-text-version-2"]')).toContainText('Zweite Fassung', { timeout: 15_000 });
    await expect(admin.locator('[data-testid="legal-text-version-1"]')).toContainText('Erste Fassung');

    // the member's open page is asked at once, over the realtime channel, without a reload
    const published = Date.now();
    await expect(gate).toContainText('Zweite Fassung', { timeout: 5_000 });
    test.info().annotations.push({ type: 'consent screen after publishing (ms)', description: String(Date.now() - published) });
    await member.screenshot({ path: screenshotPath('legal-consent-gate.png') });
    await gate.getByRole('button').click();
    await expect(gate).toHaveCount(0, { timeout: 15_000 });

    // the auditor sees both acceptances of the member, version by version
    const auditorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const auditor = await auditorContext.newPage();
    await signInAdmin(auditor, baseUrl, 'auditor@example.org', 'menu-legal-texts');
    await auditor.goto(`${baseUrl}/admin/#/legal_texts/${id}/show`);
    const rows = auditor.locator('[data-testid="legal-text-acceptances"] tbody .RaDatagrid-row');
    // newest first: version 2, then version 1, both by the member
    await expect.poll(async () => (await rows.allInnerTexts()).join(' | '), { timeout: 15_000 }).toMatch(/^Max Member\s+2\s[^|]+\| Max Member\s+1\s[^|]+$/);
    // read only: no edit button for the auditor
    await expect(auditor.getByRole('link', { name: /bearbeiten/i })).toHaveCount(0);
    await auditor.screenshot({ path: screenshotPath('legal-acceptances-auditor.png') });
    await auditorContext.close();

    // the administrator deletes the text (with a confirmation), so that later scenarios' members are not
    // asked for consent; the ledger keeps both acceptances
    await admin.goto(`${baseUrl}/admin/#/legal_texts`);
    await admin.locator('[data-testid="legal-text-menu-nutzungsbedingungen"]').click();
    await admin.locator('[data-testid="legal-text-delete"]').click();
    await admin.locator('.ra-confirm').click();
    await expect(admin.locator('[data-testid="legal-texts-empty"]')).toBeVisible({ timeout: 15_000 });
    await admin.goto(`${baseUrl}/admin/#/legal_acceptances`);
    await expect(admin.locator('tbody .RaDatagrid-row')).toHaveCount(2, { timeout: 15_000 });
    await memberContext.close();
  } finally {
    // whatever failed above, no text asking for consent is left behind: it would hold every later scenario's
    // members on the consent screen (the UI's delete above leaves nothing, and this one answers 404)
    const csrf = ((await (await admin.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string }).csrf_token;
    await admin.request.delete(`${baseUrl}/administration/legal_texts/${id}`, { headers: { 'X-CSRF-Token': csrf } });
  }
  await adminContext.close();
});
