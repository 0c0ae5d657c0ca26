import { randomUUID } from 'node:crypto';
import type { MemberRoles } from '@cn/contracts';
import type { Infrastructure } from '@cn/platform';
import type { CommandContext } from '@cn/domain';
import { registerMember } from '../members/registering-member/register-member.command';
import { changeNetworkSettings } from '../settings/changing-network-settings/change-network-settings.command';
import { seedMeetingRooms } from '../meeting-rooms/seed-meeting-rooms';
import { seedChannels } from '../channels/seed-channels';
import { seedWidgetBars } from '../widgetbars/seed-widgetbars';
import { DEMO_TEXTS } from './demo-texts';
import { seedGroupCategories, seedGroups } from './seed-groups';
import { seedCalendars, type DemoCalendarIds } from './seed-calendars';

export const DEMO_PASSWORD = 'changeme';

const NO_ROLES: MemberRoles = { network_admin: false, auditor: false, external: false };

export const DEMO_MEMBERS: ReadonlyArray<{ email: string; first_name: string; last_name: string; roles: MemberRoles }> = [
  { email: 'admin@example.org', first_name: 'Ada', last_name: 'Admin', roles: { ...NO_ROLES, network_admin: true } },
  { email: 'member@example.org', first_name: 'Max', last_name: 'Member', roles: NO_ROLES },
  { email: 'guest@example.org', first_name: 'Gina', last_name: 'Guest', roles: { ...NO_ROLES, external: true } },
  { email: 'auditor@example.org', first_name: 'Audrey', last_name: 'Auditor', roles: { ...NO_ROLES, auditor: true } },
];

type SeedInfra = Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics' | 'cipher' | 'mail' | 'config' | 'logger'>;

/** Demo data through the same use cases the API runs, so the events carry the usual metadata. */
export const seedDemo = async (infra: SeedInfra): Promise<{ position: number; memberIds: Record<string, string>; calendars: DemoCalendarIds }> => {
  const correlationId = `seed-${randomUUID()}`;
  const system = (): CommandContext => ({ memberId: null, correlationId, causationId: randomUUID() });
  // German unless the installation asked for another language (DEMO_LANGUAGE)
  const language = infra.config.demoLanguage;
  const texts = DEMO_TEXTS[language];
  let { position } = await changeNetworkSettings(infra, { basic: { name: texts.network, language } }, system());
  const seeded = new Set<string>();
  const memberIds: Record<string, string> = {};
  for (const member of DEMO_MEMBERS) {
    const registered = await registerMember(
      infra,
      { isEmailTaken: (email) => Promise.resolve(seeded.has(email.toLowerCase())) },
      { ...member, password: DEMO_PASSWORD, send_welcome_mail: false },
      system(),
    );
    seeded.add(member.email);
    memberIds[member.email] = registered.id;
    position = registered.position;
  }
  const categories = await seedGroupCategories(infra, memberIds['admin@example.org'], system, texts);
  const calendars = await seedCalendars(
    infra,
    {
      admin: memberIds['admin@example.org'],
      member: memberIds['member@example.org'],
      guest: memberIds['guest@example.org'],
      auditor: memberIds['auditor@example.org'],
    },
    system,
    texts,
    { gardening: categories.ids.interests, board: categories.ids.committees },
  );
  const groups = await seedGroups(
    infra,
    { admin: memberIds['admin@example.org'], member: memberIds['member@example.org'], auditor: memberIds['auditor@example.org'] },
    categories.ids,
    system,
    texts,
  );
  position = Math.max(position, categories.position, groups.position);
  position = Math.max(position, calendars.position, await seedMeetingRooms(infra, system));
  position = Math.max(position, (await seedChannels(infra, { admin: memberIds['admin@example.org'], member: memberIds['member@example.org'] }, system, language)).position);
  position = Math.max(position, await seedWidgetBars(infra, memberIds['admin@example.org'], system, language));
  infra.logger.info({ members: DEMO_MEMBERS.map((member) => member.email), position }, 'demo data seeded');
  return { position, memberIds, calendars: calendars.ids };
};

/** Seeds only a brand-new installation that asked for demo data. */
export const seedDemoIfEmpty = async (infra: SeedInfra): Promise<boolean> => {
  if (!infra.config.demoSeed || (await infra.eventStore.headPosition()) > 0) return false;
  await seedDemo(infra);
  return true;
};
