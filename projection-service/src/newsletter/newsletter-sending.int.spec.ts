import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  appointmentFieldsSchema,
  appointmentStream,
  calendarStream,
  DEFAULT_MEMBERSHIP_SETTINGS,
  DEFAULT_NETWORK_ID,
  DEFAULT_NETWORK_SETTINGS,
  groupStream,
  memberStream,
  membershipSettingsStream,
  networkStream,
  newsletterStream,
  designScopeStream,
  designStream,
  fileStream,
} from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { startHarness, type Harness } from '../__tests__/harness';
import { designLogoToken } from '../designs/design-logo';
import { NewsletterSending } from './newsletter.module';
import { runNewsletterSlot } from './newsletter-sending';
import { newsletterSlotId } from './newsletter-slots';

interface SentMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

// Wednesday 2 December 2026, pm (13:00) in New York, the network's zone: 18:00 UTC
const SLOT = '2026-12-02T18:00:00.000Z';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const shifted = (ms: number): string => new Date(Date.parse(SLOT) + ms).toISOString();

/** a clock that runs, shifted so that it now reads `at` */
const clockAt = (at: string): (() => Date) => {
  const offset = Date.parse(at) - Date.now();
  return () => new Date(Date.now() + offset);
};

describe("the newsletter on its durable timer at the network's local time (fake clock, restarts)", () => {
  jest.setTimeout(40_000);
  let dir: string;
  let h: Harness | null = null;
  const mails = (): SentMail[] =>
    existsSync(join(dir, 'outbox'))
      ? readdirSync(join(dir, 'outbox'))
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => JSON.parse(readFileSync(join(dir, 'outbox', name), 'utf8')) as SentMail)
      : [];
  const newsletters = (member: string): SentMail[] => mails().filter((mail) => mail.to.includes(`${member}@example.org`) && /: [Nn]ewsletter$/.test(mail.subject));
  const sentEvents = async (harness: Harness) =>
    (await harness.infra.eventStore.readStream(newsletterStream())).filter((event) => event.type === 'NewsletterSent').map((event) => event.data as { slot: string; recipients: number });
  const start = async (at: string): Promise<Harness> => {
    h = await startHarness({ PUBLIC_URL: 'https://club.example' }, { dir, clock: clockAt(at) });
    return h;
  };
  const appointment = (harness: Harness, id: string, name: string, calendarId: string, startsIn: number) =>
    harness.append(
      appointmentStream(id),
      'AppointmentCreated',
      {
        appointment_id: id,
        author_id: 'ada',
        appointment: appointmentFieldsSchema.parse({ name, description: '', calendar_ids: [calendarId], date: { start: shifted(startsIn), end: shifted(startsIn + HOUR), all_day: false, time_zone: 'America/New_York' } }),
      },
      'ada',
    );

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'newsletter-sending-'));
  });
  afterEach(async () => {
    await h?.close();
    h = null;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('mails once at the sending time, in the order and template, only what each member may see; never to opted-out or locked members', async () => {
    const setup = await start(shifted(-2 * HOUR));
    await setup.append(networkStream(DEFAULT_NETWORK_ID), 'NetworkBasicSettingsChanged', { network_id: DEFAULT_NETWORK_ID, basic: { ...DEFAULT_NETWORK_SETTINGS.basic, language: 'en', time_zone: 'America/New_York' }, changed_fields: ['language', 'time_zone'] }, 'ada');
    await setup.register('ada', 'Ada', 'Member', { network_admin: true });
    for (const [id, first] of [['bob', 'Bob'], ['cat', 'Cat'], ['dan', 'Dan']] as const) await setup.register(id, first, 'Member');
    await setup.append(membershipSettingsStream('cat'), 'MembershipSettingsChanged', { member_id: 'cat', settings: { ...DEFAULT_MEMBERSHIP_SETTINGS, email_newsletter: false } }, 'cat');
    await setup.append(memberStream('dan'), 'MemberLocked', { member_id: 'dan' }, 'ada');
    await setup.append(groupStream('h'), 'GroupCreated', { group_id: 'h', slug: 'h', name: 'Board', group_category_id: null, access: 'hidden' }, 'ada');
    await setup.append(groupStream('h'), 'MemberJoinedGroup', { group_id: 'h', member_id: 'ada', admin: true }, 'ada');
    await setup.append(calendarStream('net'), 'CalendarCreated', { calendar_id: 'net', name: 'Network', color: '1976d2', type: 'network', parent_id: null, author_id: 'ada' }, 'ada');
    await setup.append(calendarStream('board'), 'CalendarCreated', { calendar_id: 'board', name: 'Board', color: '1976d2', type: 'group', parent_id: 'h', author_id: 'ada' }, 'ada');
    await appointment(setup, 'fair', 'Summer fair', 'net', 3 * DAY);
    await appointment(setup, 'choir', 'Choir practice', 'net', DAY);
    await appointment(setup, 'board-meeting', 'Board meeting', 'board', 2 * DAY);
    // the network's active design: the newsletter borrows it (the template names none); its logo an upload
    await setup.append(fileStream('logo'), 'FileUploaded', { file_id: 'logo', uploader_id: 'ada', version_id: 'v1', blob_key: 'b'.repeat(64), size: 68, content_type: 'image/png', original_filename: 'logo.png', extension: 'png' }, 'ada');
    await setup.append(designStream('winter'), 'DesignCreated', { design_id: 'winter', scope_type: 'network', scope_id: 'network', name: 'Winter', primary_color: '#113355', primary_text_color: '#ffffee', background_color: '#f0f4f8', logo_url: '/api/storage/files/logo/get/logo' }, 'ada');
    await setup.append(designScopeStream('network', 'network'), 'DesignActivated', { scope_type: 'network', scope_id: 'network', design_id: 'winter', previous_design_id: null }, 'ada');
    await setup.append(newsletterStream(), 'NewsletterSettingsChanged', { settings: { enabled: true, interval: 'weekly', day: 'wed', second_day: null, time: 'pm', second_time: null } }, 'ada');
    await setup.append(newsletterStream(), 'NewsletterUpcomingActivitiesOrdered', { order: ['fair', 'choir'] }, 'ada');
    await setup.append(
      newsletterStream(),
      'NewsletterTemplateChanged',
      {
        template: {
          design: '',
          body: '<h2>Club news</h2><script>alert("body")</script><p onclick="alert(1)">Hello</p>{{content}}<hr>{{disclaimer}}',
          css: 'h2 { color: red; background: url(https://tracker.example/pixel.png) } </style><script>alert("css")</script>',
          js: 'alert("js")',
          fonts: 'Georgia, serif',
        },
      },
      'ada',
    );
    await setup.service.runtime.readModels.waitFor(await setup.infra.eventStore.headPosition(), 5000);
    expect(mails()).toEqual([]);
    await setup.close();

    // a second before 13:00 in New York the service starts again: the newsletter goes out then, not before
    const harness = await start(shifted(-1000));
    expect(newsletters('bob')).toEqual([]);
    await eventually(() => newsletters('bob').length === 1 && newsletters('ada').length === 1, 15_000);
    const [bob] = newsletters('bob');
    expect(bob.subject).toMatch(/: newsletter$/);
    // the administrators' order first, then the rest by start; the hidden group's meeting only for its member
    expect(bob.text.indexOf('Summer fair')).toBeLessThan(bob.text.indexOf('Choir practice'));
    expect(bob.text).toContain('Choir practice');
    expect(bob.text).not.toContain('Board meeting');
    expect(newsletters('ada')[0].text).toMatch(/Summer fair[\s\S]*Choir practice[\s\S]*Board meeting/);
    expect(bob.text).toContain('https://club.example/members/bob/settings/edit');
    // times in the network's zone: the fair three days after 13:00 in New York
    expect(bob.text).toContain('Summer fair, 2026-12-05 13:00');
    // the template rendered, with nothing that runs or loads from elsewhere
    expect(bob.html).toContain('<h2>Club news</h2>');
    expect(bob.html).toContain('href="https://club.example/members/bob/settings/edit"');
    expect(bob.html).toContain('font-family: Georgia, serif');
    expect(bob.html).not.toMatch(/<script|onclick|tracker\.example|alert\("(body|js)"\)/);
    // the design's style and the template's css, no other
    expect(bob.html?.match(/<\/style>/g)).toHaveLength(2);
    expect(bob.html).toContain('<body style="font-family: Georgia, serif; background-color: #f0f4f8">');
    // a mail client has no session: the logo goes by its public, immutable address (an HMAC of the file and its bytes), never the session-only one
    const logo = `https://club.example/api/storage/design-logos/logo/${designLogoToken(harness.infra.config.session.secret, 'logo', 'b'.repeat(64))}`;
    expect(bob.html).toContain(`style="background-color: #113355; color: #ffffee; padding: 12px 16px"><img src="${logo}"`);
    expect(bob.html).not.toContain('/api/storage/files/');
    // Cat opted out, Dan is locked
    expect(newsletters('cat')).toEqual([]);
    expect(newsletters('dan')).toEqual([]);
    await eventually(async () => (await sentEvents(harness)).length === 1, 5000);
    expect(await sentEvents(harness)).toEqual([{ slot: newsletterSlotId(SLOT), recipients: 2 }]);
  });

  it('a restart after the slot and a replay of the slot mail nobody twice', async () => {
    const harness = await start(shifted(HOUR));
    await harness.service.runtime.readModels.waitFor(await harness.infra.eventStore.headPosition(), 5000);
    await harness.app.get(NewsletterSending, { strict: false }).schedule.scheduler.idle();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(newsletters('bob')).toHaveLength(1);
    const deps = {
      store: harness.infra.documentStore,
      eventStore: harness.infra.eventStore,
      mail: harness.infra.mail,
      clock: harness.infra.clock,
      baseUrl: 'https://club.example',
      readModelsAt: (position: number) => harness.service.runtime.readModels.waitFor(position, 5000),
    };
    expect(await runNewsletterSlot(deps, { at: SLOT, id: newsletterSlotId(SLOT) })).toEqual({ sent: [], already_sent: true });
    expect(mails().filter((mail) => /newsletter$/i.test(mail.subject))).toHaveLength(2);
    expect(await sentEvents(harness)).toHaveLength(1);
    // the timer stays set: within the hour (a look at the settings), at the latest next Wednesday at 13:00 in New York
    const timer = await harness.infra.documentStore.collection<{ _id: string; due_at: string }>('_scheduled_newsletter').get('newsletter');
    expect(Date.parse(timer?.due_at ?? '')).toBeGreaterThan(Date.parse(shifted(HOUR)));
    expect(Date.parse(timer?.due_at ?? '')).toBeLessThanOrEqual(Date.parse(shifted(7 * DAY)));
  });
});
