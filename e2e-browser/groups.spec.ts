// The groups module in the browser, on the server and demo data of global-setup.ts (the seed's moderated
// book club, 'Lesekreis', administrated by Ada, the network admin).
import { expect, screenshotPath, signInMember, test } from './fixtures';

test('a member asks to join a moderated group, its admin accepts in another browser, the group appears in the member\'s navigation without a reload', async ({ browser, baseUrl }) => {
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  await signInMember(member, baseUrl, 'member@example.org');
  const categories = (await (await member.request.get(`${baseUrl}/api/v1/group_categories`)).json()) as { group_categories: Array<{ slug: string }> };
  const interests = categories.group_categories[0].slug;

  // the directory tab of the category lists the book club with the request action
  await member.goto(`${baseUrl}/directory/${interests}`);
  const row = member.locator('[data-testid="group-row-lesekreis"]');
  await row.waitFor({ timeout: 15_000 });
  await expect(member.locator('[data-testid="nav-group-lesekreis"]')).toHaveCount(0);
  await row.locator('[data-testid="group-request"]').click();
  await row.locator('[data-testid="group-in-moderation"]').waitFor({ timeout: 15_000 });
  await expect(row.locator('[data-testid="group-in-moderation"]')).toBeDisabled();
  await member.screenshot({ path: screenshotPath('groups-request-pending.png') });

  // the group admin accepts in a second browser context
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInMember(admin, baseUrl, 'admin@example.org');
  await admin.goto(`${baseUrl}/groups/lesekreis/administration`);
  const request = admin.locator('[data-testid^="join-request-"]').filter({ hasText: 'Max' });
  await request.waitFor({ timeout: 15_000 });
  const acceptedAt = Date.now();
  await request.locator('[data-testid="join-request-accept"]').click();
  await admin.locator('[data-testid="join-requests-empty"]').waitFor({ timeout: 15_000 });

  // the member's open page follows: the group is in the navigation and the row offers leaving, no reload
  await member.locator('[data-testid="nav-group-lesekreis"]').waitFor({ timeout: 15_000 });
  test.info().annotations.push({ type: 'accepted-join-visible-ms', description: String(Date.now() - acceptedAt) });
  await row.locator('[data-testid="group-leave"]').waitFor({ timeout: 15_000 });
  await member.screenshot({ path: screenshotPath('groups-accepted-in-navigation.png') });

  // the group page shows the member as a member, with favourite and subscription
  await member.locator('[data-testid="nav-group-lesekreis"]').click();
  await member.locator('[data-testid="group-page"]').waitFor({ timeout: 15_000 });
  await member.locator('[data-testid="group-favorite"]').click();
  await expect(member.locator('[data-testid="group-favorite"]')).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
  await expect(member.locator('[data-testid="nav-section-my-groups"] a').first()).toHaveAttribute('data-testid', 'nav-group-lesekreis');

  await adminContext.close();
  await memberContext.close();
});
