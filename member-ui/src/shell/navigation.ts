import type { NetworkResponse } from '@cn/contracts';

export type ModuleId =
  | 'activitystreams'
  | 'messages'
  | 'appointments'
  | 'tasks'
  | 'apps'
  | 'pages'
  | 'files'
  | 'channels'
  | 'members'
  | 'search'
  | 'info';

export interface NavItem {
  to: string;
  label: string;
  /** the link is active only on exactly this path */
  end?: boolean;
  /** a live count shown beside the label */
  count?: 'open_invites' | 'unread_messages';
  /** shown as it is instead of the translated label (a channel's title) */
  text?: string;
}

export interface NavSection {
  id: string;
  title: string;
  items: NavItem[];
  /** shown when the section has no items yet (e.g. groups before groups exist) */
  empty?: string;
}

export interface NavModule {
  id: ModuleId;
  title: string;
  start: string;
  /** route prefixes that belong to the module */
  prefixes: string[];
  sections: (context: NavContext) => NavSection[];
}

export interface NavContext {
  network: NetworkResponse['network'];
  signedIn: boolean;
}

export { START_PAGE } from './start-page';

/**
 * Features this console has built: only these are in the navigation and the module switcher (a module
 * still to come is not shown as an empty page); the directory shows the channels tab only when channels exist.
 */
export const AVAILABLE_MODULES: ReadonlySet<ModuleId | 'map' | 'chat'> = new Set<ModuleId | 'map' | 'chat'>(['activitystreams', 'members', 'appointments', 'channels', 'messages', 'chat', 'files', 'tasks', 'apps', 'pages', 'map']);

const ALL_NAV_MODULES: NavModule[] = [
  {
    id: 'activitystreams',
    title: 'nav.modules.activitystreams',
    start: '/activitystreams',
    prefixes: ['/activitystreams', '/activities', '/invites', '/notifications'],
    // the streams with their unread badges come from the server (ActivityStreamsNav); the groups follow as everywhere
    sections: () => [],
  },
  {
    id: 'messages',
    title: 'nav.modules.messages',
    start: '/messages',
    prefixes: ['/messages'],
    sections: () => [
      {
        id: 'messages.boxes',
        title: 'nav.sections.messages',
        items: [
          { to: '/messages', label: 'nav.items.inbox', end: true, count: 'unread_messages' },
          { to: '/messages/sent', label: 'nav.items.sent' },
        ],
      },
    ],
  },
  {
    id: 'appointments',
    title: 'nav.modules.appointments',
    start: '/appointments',
    prefixes: ['/appointments', '/calendars'],
    sections: () => [
      {
        id: 'appointments.lists',
        title: 'nav.sections.appointments',
        items: [
          { to: '/appointments', label: 'nav.items.all_appointments', end: true },
          { to: '/appointments/participating', label: 'nav.items.participating' },
          { to: '/appointments/invites', label: 'nav.items.appointment_invites', count: 'open_invites' },
        ],
      },
      {
        id: 'appointments.calendars',
        title: 'nav.sections.group_calendars',
        items: [
          { to: '/calendars/manage', label: 'nav.items.manage_calendars' },
          { to: '/calendars/subscribe', label: 'nav.items.subscribe_calendars' },
        ],
        empty: 'nav.empty.calendars',
      },
    ],
  },
  {
    id: 'tasks',
    title: 'nav.modules.tasks',
    start: '/tasks/my',
    prefixes: ['/tasks'],
    sections: () => [
      {
        id: 'tasks.lists',
        title: 'nav.sections.tasks',
        items: ['my', 'assigned', 'declined', 'starred', 'archive', 'notes'].map((list) => ({
          to: `/tasks/${list}`,
          label: `nav.items.tasks_${list}`,
        })),
      },
    ],
  },
  {
    id: 'apps',
    title: 'nav.modules.apps',
    start: '/apps',
    prefixes: ['/apps'],
    sections: () => [
      {
        id: 'apps.lists',
        title: 'nav.sections.apps',
        items: [{ to: '/apps', label: 'nav.items.all_apps', end: true }],
      },
    ],
  },
  {
    id: 'pages',
    title: 'nav.modules.pages',
    start: '/pages',
    prefixes: ['/pages'],
    sections: () => [
      {
        id: 'pages.lists',
        title: 'nav.sections.pages',
        items: [{ to: '/pages', label: 'nav.items.all_pages', end: true }],
      },
    ],
  },
  {
    id: 'files',
    title: 'nav.modules.files',
    start: '/files',
    prefixes: ['/files'],
    sections: () => [
      {
        id: 'files.places',
        title: 'nav.sections.files',
        items: [
          { to: '/files', label: 'nav.items.my_files', end: true },
          { to: '/files/approval', label: 'nav.items.file_approval' },
        ],
      },
    ],
  },
  {
    id: 'channels',
    title: 'nav.modules.channels',
    start: '/channels',
    prefixes: ['/channels', '/directory/channels', '/blogs'],
    sections: () => [
      { id: 'channels.subscribed', title: 'nav.sections.subscribed', items: [], empty: 'nav.empty.channels' },
      { id: 'channels.recent', title: 'nav.sections.recent', items: [], empty: 'nav.empty.channels' },
      { id: 'channels.popular', title: 'nav.sections.popular', items: [], empty: 'nav.empty.channels' },
    ],
  },
  {
    id: 'members',
    title: 'nav.modules.members',
    start: '/directory/members',
    prefixes: ['/directory', '/members', '/map'],
    sections: ({ network }) => [
      {
        id: 'members.directory',
        title: 'nav.sections.directory',
        items: [
          { to: '/directory/members', label: 'nav.items.members' },
          ...(network.maps?.enabled && AVAILABLE_MODULES.has('map') ? [{ to: '/members/map', label: 'nav.items.map' }] : []),
        ],
      },
    ],
  },
  {
    id: 'search',
    title: 'nav.modules.search',
    start: '/search',
    prefixes: ['/search'],
    sections: () => [
      {
        id: 'search.scopes',
        title: 'nav.sections.search',
        items: [{ to: '/search', label: 'nav.items.search_global', end: true }],
      },
    ],
  },
  {
    id: 'info',
    title: 'nav.modules.info',
    start: '/info',
    prefixes: ['/info', '/imprint', '/legal', '/report'],
    sections: ({ network, signedIn }) => [
      {
        id: 'info.legal',
        title: 'nav.sections.info',
        items: [
          { to: '/info', label: 'nav.items.info', end: true },
          { to: '/imprint', label: 'nav.items.imprint' },
          { to: '/legal', label: 'nav.items.legal' },
          ...(network.abuse_reports_enabled && signedIn ? [{ to: '/report/new', label: 'nav.items.report' }] : []),
        ],
      },
    ],
  },
];

/** the modules of these built features, in the navigation's order (a module not built is not offered) */
export const navModulesFor = (available: ReadonlySet<string>): NavModule[] => ALL_NAV_MODULES.filter((module) => available.has(module.id));

/** the modules the navigation and the module switcher offer */
export const NAV_MODULES: NavModule[] = navModulesFor(AVAILABLE_MODULES);

const startsWithSegment = (pathname: string, prefix: string): boolean =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The module whose left navigation a route shows; the longest matching prefix wins. */
export const moduleForPath = (pathname: string): NavModule | null => {
  let best: { module: NavModule; length: number } | null = null;
  for (const module of NAV_MODULES) {
    for (const prefix of module.prefixes) {
      if (startsWithSegment(pathname, prefix) && (!best || prefix.length > best.length)) {
        best = { module, length: prefix.length };
      }
    }
  }
  return best?.module ?? null;
};
