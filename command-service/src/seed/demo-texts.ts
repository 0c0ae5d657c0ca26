/** The demo network's texts in the languages it can be seeded in (DEMO_LANGUAGE; German by default). */
export const DEMO_LANGUAGES = ['de', 'en'] as const;
export type DemoLanguage = (typeof DEMO_LANGUAGES)[number];

export interface DemoTexts {
  network: string;
  groups: { gardening: string; board: string };
  role: { name: string; plural: string };
  calendars: { network: string; gardening: string; personal: string };
  weekly: { name: string; description: string; location: { name: string; address1: string; zip: string; city: string; country: string } };
  workshop: { name: string };
  party: { name: string };
  /** the groups module's demo: categories (directory tabs) and a few more groups, one moderated */
  groupCategories: Record<'interests' | 'committees', { name: string; plural: string }>;
  moreGroups: Record<'choir' | 'bookClub' | 'building', { name: string; teaser: string }>;
}

export const DEMO_TEXTS: Record<DemoLanguage, DemoTexts> = {
  de: {
    network: 'Demo-Netzwerk',
    groups: { gardening: 'Gartenfreunde', board: 'Vorstand' },
    role: { name: 'Vorstandsmitglied', plural: 'Vorstandsmitglieder' },
    calendars: { network: 'Netzwerk-Termine', gardening: 'Gartenfreunde', personal: 'Mein Kalender' },
    weekly: {
      name: 'Wöchentliches Netzwerktreffen',
      description: 'Was war, was kommt.',
      location: { name: 'Gemeindesaal', address1: 'Hauptstraße 1', zip: '10115', city: 'Berlin', country: 'Deutschland' },
    },
    workshop: { name: 'Kompost-Workshop' },
    party: { name: 'Sommerfest' },
    groupCategories: { interests: { name: 'Interessengruppe', plural: 'Interessengruppen' }, committees: { name: 'Gremium', plural: 'Gremien' } },
    moreGroups: {
      choir: { name: 'Chor', teaser: 'Wir singen jeden Donnerstag im Gemeindesaal.' },
      bookClub: { name: 'Lesekreis', teaser: 'Ein Buch im Monat; neue Mitglieder fragen bitte kurz an.' },
      building: { name: 'Projekt Neubau', teaser: 'Planung des neuen Gemeindehauses.' },
    },
  },
  en: {
    network: 'Demo Network',
    groups: { gardening: 'Gardening Club', board: 'Board' },
    role: { name: 'Board member', plural: 'Board members' },
    calendars: { network: 'Network events', gardening: 'Gardening Club', personal: 'My calendar' },
    weekly: {
      name: 'Weekly network meeting',
      description: 'What happened, what comes next.',
      location: { name: 'Community hall', address1: 'Main Street 1', zip: '10115', city: 'Berlin', country: 'Germany' },
    },
    workshop: { name: 'Composting workshop' },
    party: { name: 'Summer party' },
    groupCategories: { interests: { name: 'Interest group', plural: 'Interest groups' }, committees: { name: 'Committee', plural: 'Committees' } },
    moreGroups: {
      choir: { name: 'Choir', teaser: 'We sing every Thursday in the community hall.' },
      bookClub: { name: 'Book club', teaser: 'One book a month; new members please ask to join.' },
      building: { name: 'New building project', teaser: 'Planning the new community house.' },
    },
  },
};

export const isDemoLanguage = (value: string): value is DemoLanguage => (DEMO_LANGUAGES as readonly string[]).includes(value);
