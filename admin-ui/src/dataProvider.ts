import type { DataProvider } from 'ra-core';
import type { ApiClient } from './api/apiClient';
import { createRestDataProvider } from './api/restDataProvider';

type ProviderLoader = (api: ApiClient) => Promise<DataProvider>;

/**
 * Each resource's data provider, in its resource's folder, fetched (with the contract schemas it parses
 * answers with, and zod) the first time that resource is read or written: the console's first script
 * builds none of them (issue 8). Straight from the provider modules, not the folders' index: those carry
 * the pages.
 */
const PROVIDERS: Record<string, ProviderLoader> = {
  'audit-events': (api) => import('./audit-events/audit-events-data-provider').then((module) => module.createAuditEventsDataProvider(api)),
  settings: (api) => import('./settings/settings-data-provider').then((module) => module.createSettingsDataProvider(api)),
  members: (api) => import('./members/members-data-provider').then((module) => module.createMembersDataProvider(api)),
  'appointment-categories': (api) =>
    import('./appointment-categories/appointment-categories-data-provider').then((module) => module.createAppointmentCategoriesDataProvider(api)),
  groups: (api) => import('./groups/groups-data-provider').then((module) => module.createGroupsDataProvider(api)),
  'group-categories': (api) =>
    import('./group-categories/group-categories-data-provider').then((module) => module.createGroupCategoriesDataProvider(api)),
  change_requests: (api) => import('./change_requests/change-requests-data-provider').then((module) => module.createChangeRequestsDataProvider(api)),
  legal_texts: (api) => import('./legal-texts/legal-texts-data-provider').then((module) => module.createLegalTextsDataProvider(api)),
  pages: (api) => import('./pages/pages-data-provider').then((module) => module.createPagesDataProvider(api)),
  imprint: (api) => import('./imprint/imprint-data-provider').then((module) => module.createImprintDataProvider(api)),
  file_settings: (api) => import('./file_settings/file-settings-data-provider').then((module) => module.createFileSettingsDataProvider(api)),
  statistics: (api) => import('./statistics/statistics-data-provider').then((module) => module.createStatisticsDataProvider(api)),
  navigation: (api) => import('./navigation/navigation-data-provider').then((module) => module.createNavigationDataProvider(api)),
  app_navigation: (api) => import('./app-navigation/app-navigation-data-provider').then((module) => module.createAppNavigationDataProvider(api)),
  apps: (api) => import('./apps/apps-data-provider').then((module) => module.createAppsDataProvider(api)),
  newsletter: (api) => import('./newsletter/newsletter-data-provider').then((module) => module.createNewsletterDataProvider(api)),
  widgetbars: (api) => import('./widgetbars/widgetbars-data-provider').then((module) => module.createWidgetBarsDataProvider(api)),
  membership_roles: (api) =>
    import('./membership_roles/membership-roles-data-provider').then((module) => module.createMembershipRolesDataProvider(api)),
  map_places: (api) => import('./map_places/map-places-data-provider').then((module) => module.createMapPlacesDataProvider(api)),
  tags: (api) => import('./tags/tags-data-provider').then((module) => module.createTagsDataProvider(api)),
  invites: (api) => import('./invites/invites-data-provider').then((module) => module.createInvitesDataProvider(api)),
  designs: (api) => import('./designs/designs-data-provider').then((module) => module.createDesignsDataProvider(api)),
  property_sets: (api) => import('./property-sets/property-sets-data-provider').then((module) => module.createPropertySetsDataProvider(api)),
  channel_assignment: (api) =>
    import('./channel-assignment/channel-assignment-data-provider').then((module) => module.createChannelAssignmentDataProvider(api)),
};

/** the resources with a provider of their own; any other is answered the simple-rest way */
export const RESOURCES_WITH_PROVIDERS = Object.keys(PROVIDERS);

/**
 * One data provider for the console: a call for a resource waits for that resource's provider (built once,
 * on first use) and hands it the call, custom methods included (`dataProvider.lockMember('members', …)`),
 * as ra-core's `combineDataProviders` does for providers at hand. A provider that failed to load is asked
 * for again on the next call.
 */
export const createDataProvider = (api: ApiClient, providers: Record<string, ProviderLoader> = PROVIDERS): DataProvider => {
  const rest = createRestDataProvider(api);
  const built = new Map<string, Promise<DataProvider>>();
  const providerOf = (resource: string): Promise<DataProvider> => {
    const load = Object.hasOwn(providers, resource) ? providers[resource] : undefined;
    if (load === undefined) return Promise.resolve(rest);
    let provider = built.get(resource);
    if (provider === undefined) {
      provider = load(api);
      built.set(resource, provider);
      provider.catch(() => built.delete(resource));
    }
    return provider;
  };
  return new Proxy(rest, {
    get: (_target, name) => {
      // not a promise itself, and no symbol-named methods
      if (name === 'then' || typeof name === 'symbol') return undefined;
      return async (resource: string, ...params: unknown[]): Promise<unknown> => {
        const provider: Record<string, unknown> = await providerOf(resource);
        const method = provider[name];
        if (typeof method !== 'function') throw new Error(`Unknown dataProvider function: ${name}`);
        return (method as (...args: unknown[]) => unknown).call(provider, resource, ...params);
      };
    },
  });
};
