// The newsletter end to end: an administrator sets a semimonthly schedule (the day selectors follow the
// interval), orders the upcoming activities from the keyboard, and meets both placeholder errors in the
// template editor before saving a valid template; a member's open settings page shows the new schedule at once.
import type { Page } from '@playwright/test';
import { expect, screenshotPath, signInMember, test } from './fixtures';

const signInAdmin = async (page: Page, baseUrl: string): Promise<void> => {
  await page.goto(`${baseUrl}/admin/`);
  await page.fill('input[name="email"]', 'admin@example.org');
  await page.fill('input[name="password"]', 'changeme');
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL(/#\/.+|#\/$/, { timeout: 15_000 });
  await page.locator('[data-testid="menu-newsletter"]').waitFor({ timeout: 15_000 });
};

const HOUR = 3_600_000;
const inDays = (days: number, hours = 0) => new Date((Math.floor(Date.now() / HOUR) + days * 24 + hours) * HOUR).toISOString();

/** a MUI select: open it by its label and pick an option */
const choose = async (page: Page, label: RegExp, option: RegExp): Promise<void> => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
};

test('an administrator schedules, orders and designs the newsletter; a member sees the schedule live', async ({ browser, baseUrl }) => {
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAdmin(admin, baseUrl);

  // two upcoming appointments to order (created the way the console does, with the session's CSRF token)
  const csrf = ((await (await admin.request.get(`${baseUrl}/api/v1/network`)).json()) as { csrf_token: string }).csrf_token;
  const headers = { 'X-CSRF-Token': csrf };
  const calendar = (await (await admin.request.post(`${baseUrl}/calendars`, { headers, data: { type: 'network', calendar: { name: 'Newsletter' } } })).json()) as { id: string };
  for (const [name, days] of [['NL Gartenfest', 20], ['NL Chorprobe', 10]] as const) {
    const created = await admin.request.post(`${baseUrl}/appointments`, { headers, data: { appointment: { name, calendar_ids: [calendar.id], date: { start: inDays(days), end: inDays(days, 2) } } } });
    expect(created.status()).toBe(201);
  }

  // the member's settings page is open meanwhile
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  await signInMember(member, baseUrl, 'member@example.org');
  const memberId = ((await (await member.request.get(`${baseUrl}/api/v1/network`)).json()) as { current_member: { id: string } }).current_member.id;
  await member.goto(`${baseUrl}/members/${memberId}/settings/edit`);
  await expect(member.locator('[data-testid="newsletter-schedule"]')).toHaveText(/derzeit keinen Newsletter|sends no newsletter/, { timeout: 15_000 });

  // the schedule: monthly offers days of the month, semimonthly adds the second day and time
  await admin.locator('[data-testid="menu-newsletter"]').click();
  await admin.waitForURL(/#\/newsletter\/settings$/, { timeout: 15_000 });
  await admin.getByLabel(/Newsletter versenden|Send the newsletter/).check();
  await choose(admin, /^(Intervall|Interval)/, /^(Monatlich|Monthly)$/);
  await admin.getByRole('combobox', { name: /^(Versandtag|Sending day)/ }).click();
  await expect(admin.getByRole('option')).toHaveCount(31);
  await admin.getByRole('option', { name: '3', exact: true }).click();
  await expect(admin.getByRole('combobox', { name: /^(Zweiter Versandtag|Second sending day)/ })).toHaveCount(0);
  await choose(admin, /^(Intervall|Interval)/, /^(Zweimal im Monat|Twice a month)$/);
  await expect(admin.getByRole('combobox', { name: /^(Zweiter Versandtag|Second sending day)/ })).toHaveText('15');
  await admin.screenshot({ path: screenshotPath('newsletter-settings.png') });
  await admin.locator('[data-testid="newsletter-settings-save"]').click();
  await expect(member.locator('[data-testid="newsletter-schedule"]')).toHaveText(/am 3\. .* und am 15\.|day 3 .* and day 15/, { timeout: 5_000 });

  // the order: the sooner rehearsal comes first; Alt+↓ moves it below the fair, Save keeps it
  await admin.goto(`${baseUrl}/admin/#/newsletter/settings/upcoming_activities`);
  const rows = admin.locator('[data-testid^="upcoming-row-"]');
  const rehearsal = rows.filter({ hasText: 'NL Chorprobe' });
  const fair = rows.filter({ hasText: 'NL Gartenfest' });
  await expect(rehearsal).toHaveCount(1, { timeout: 15_000 });
  const before = await rows.allTextContents();
  expect(before.findIndex((text) => text.includes('NL Chorprobe'))).toBeLessThan(before.findIndex((text) => text.includes('NL Gartenfest')));
  // move the rehearsal down until it is right after the fair
  for (let step = 0; step < 10; step += 1) {
    const texts = await rows.allTextContents();
    if (texts.findIndex((text) => text.includes('NL Chorprobe')) > texts.findIndex((text) => text.includes('NL Gartenfest'))) break;
    await rehearsal.focus();
    await admin.keyboard.press('Alt+ArrowDown');
  }
  await admin.locator('[data-testid="upcoming-save"]').click();
  await expect(admin.getByText(/gespeichert|saved/i).first()).toBeVisible({ timeout: 15_000 });
  await admin.reload();
  await expect(fair).toHaveCount(1, { timeout: 15_000 });
  const after = await rows.allTextContents();
  expect(after.findIndex((text) => text.includes('NL Gartenfest'))).toBeLessThan(after.findIndex((text) => text.includes('NL Chorprobe')));

  // the template: both placeholder errors at once, Save off until both placeholders are there
  await admin.goto(`${baseUrl}/admin/#/newsletter/template`);
  const body = admin.locator('textarea[name="body"]');
  await body.fill('<p>Hallo</p>');
  await expect(admin.locator('[data-testid^="newsletter-error-"]')).toHaveCount(2);
  await expect(admin.locator('[data-testid="newsletter-template-save"]')).toBeDisabled();
  await admin.screenshot({ path: screenshotPath('newsletter-template-errors.png') });
  await body.fill('<h2>Neuigkeiten</h2>{{content}}<p>{{disclaimer}}</p>');
  await expect(admin.locator('[data-testid^="newsletter-error-"]')).toHaveCount(0);
  await expect(admin.frameLocator('[data-testid="newsletter-preview"]').locator('h2')).toHaveText('Neuigkeiten');
  await admin.locator('[data-testid="newsletter-template-save"]').click();
  await expect(admin.getByText(/gespeichert|saved/i).first()).toBeVisible({ timeout: 15_000 });
  const template = (await (await admin.request.get(`${baseUrl}/administration/newsletter/template`)).json()) as { body: string; revision: number };
  expect(template).toMatchObject({ body: '<h2>Neuigkeiten</h2>{{content}}<p>{{disclaimer}}</p>', revision: 1 });

  await adminContext.close();
  await memberContext.close();
});
