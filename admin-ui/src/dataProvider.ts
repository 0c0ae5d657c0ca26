import { combineDataProviders, type DataProvider } from 'ra-core';
import type { ApiClient } from './api/apiClient';
import { createRestDataProvider } from './api/restDataProvider';
// straight from the provider modules, not the folders' index: those carry the pages, and the providers stay testable without them
import { createAppointmentCategoriesDataProvider } from './appointment-categories/appointment-categories-data-provider';
import { createAuditEventsDataProvider } from './audit-events/audit-events-data-provider';
import { createChangeRequestsDataProvider } from './change_requests/change-requests-data-provider';
import { createGroupsDataProvider } from './groups/groups-data-provider';
import { createGroupCategoriesDataProvider } from './group-categories/group-categories-data-provider';
import { createMembersDataProvider } from './members/members-data-provider';
import { createSettingsDataProvider } from './settings/settings-data-provider';
import { createLegalTextsDataProvider } from './legal-texts/legal-texts-data-provider';
import { createImprintDataProvider } from './imprint/imprint-data-provider';
import { createStatisticsDataProvider } from './statistics/statistics-data-provider';
import { createNavigationDataProvider } from './navigation/navigation-data-provider';
import { createAppsDataProvider } from './apps/apps-data-provider';
import { createMembershipRolesDataProvider } from './membership_roles/membership-roles-data-provider';

/**
 * One data provider per resource, each in its resource's folder; a resource without its own (none
 * today) is answered the simple-rest way.
 */
export const createDataProvider = (api: ApiClient): DataProvider => {
  const providers = new Map<string, DataProvider>([
    ['audit-events', createAuditEventsDataProvider(api)],
    ['settings', createSettingsDataProvider(api)],
    ['members', createMembersDataProvider(api)],
    ['appointment-categories', createAppointmentCategoriesDataProvider(api)],
    ['groups', createGroupsDataProvider(api)],
    ['group-categories', createGroupCategoriesDataProvider(api)],
    ['change_requests', createChangeRequestsDataProvider(api)],
    ['legal_texts', createLegalTextsDataProvider(api)],
    ['imprint', createImprintDataProvider(api)],
    ['statistics', createStatisticsDataProvider(api)],
    ['navigation', createNavigationDataProvider(api)],
    ['apps', createAppsDataProvider(api)],
    ['membership_roles', createMembershipRolesDataProvider(api)],
  ]);
  const rest = createRestDataProvider(api);
  return combineDataProviders((resource) => providers.get(resource) ?? rest);
};
