import { Admin, CustomRoutes, Resource } from 'react-admin';
import type { I18nProvider } from 'ra-core';
import { Route } from 'react-router-dom';
import { createApiClient } from './api/apiClient';
import { createAuthProvider, type Permissions } from './api/authProvider';
import { createDataProvider } from './dataProvider';
import { appointmentCategories } from './appointment-categories';
import { changeRequests } from './change_requests';
import { groupCategories } from './group-categories';
import {
  auditEvents,
  EntityHistoryPage,
  ENTITY_HISTORY_PATH,
  IntegrityPage,
  INTEGRITY_PATH,
  ProjectionsPage,
  PROJECTIONS_PATH,
  SettingsHistory,
  SETTINGS_HISTORY_PATH,
} from './audit-events';
import { createAppLayout } from './layout/AppLayout';
import { StartPage } from './layout/StartPage';
import { lightTheme } from './layout/theme';
import { LoginPage } from './login/LoginPage';
import { members } from './members';
import { settings } from './settings';
import { legalAcceptances, legalTexts } from './legal-texts';
import { pages } from './pages';
import { imprint } from './imprint';
import { fileSettings } from './file_settings';
import { StatisticsPage, STATISTICS_PATH_IN_CONSOLE } from './statistics';
import { navigation } from './navigation';
import { APP_NAVIGATION_PATH, AppNavigationPage } from './app-navigation';
import { apps } from './apps';
import { mapPlaces } from './map_places';
import { membershipRoles } from './membership_roles';
import { CHANNEL_ASSIGNMENT_ROUTE, ChannelAssignmentPage } from './channel-assignment';
import { newsletter, NewsletterSettingsPage, NewsletterTemplatePage, NEWSLETTER_SETTINGS_PATH, NEWSLETTER_TEMPLATE_PATH, NEWSLETTER_UPCOMING_PATH, UpcomingActivitiesPage } from './newsletter';
import { WidgetBarEditPage, WIDGETBAR_EDIT_ROUTE, widgetbars } from './widgetbars';
import { PropertySetEditPage, PROPERTY_SET_EDIT_ROUTE, propertySets } from './property-sets';
import { tags } from './tags';
import { designs } from './designs';
import { invites } from './invites';

const api = createApiClient();
const authProvider = createAuthProvider(api);
const dataProvider = createDataProvider(api);
const loadNetwork = () => api.network();
const AdminLoginPage = () => <LoginPage loadNetwork={loadNetwork} />;
const AppLayout = createAppLayout(loadNetwork);

export { createI18nProvider } from './i18n/i18nProvider';

/**
 * Hash routing under /admin/: the settings page is /admin/#/settings/network. This module is the console's
 * chunk (react-admin, MUI): main.tsx fetches it beside the chosen language's texts and renders it with them.
 */
export const App = ({ i18nProvider }: { i18nProvider: I18nProvider }) => (
  <Admin
    title="cn.title"
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    loginPage={AdminLoginPage}
    layout={AppLayout}
    theme={lightTheme}
    dashboard={StartPage}
    requireAuth
    disableTelemetry
  >
    {(permissions: Permissions | null) => (
      <>
        {(permissions?.administrate === true || permissions?.audit === true) && (
          <Resource name="audit-events" {...auditEvents} />
        )}
        {(permissions?.administrate === true || permissions?.audit === true) && (
          <CustomRoutes>
            <Route path={INTEGRITY_PATH} element={<IntegrityPage />} />
            <Route path={ENTITY_HISTORY_PATH} element={<EntityHistoryPage />} />
            <Route path={PROJECTIONS_PATH} element={<ProjectionsPage />} />
          </CustomRoutes>
        )}
        {permissions?.administrate === true && <Resource name="settings" {...settings} />}
        {permissions?.administrate === true && <Resource name="members" {...members} />}
        {permissions?.administrate === true && <Resource name="appointment-categories" {...appointmentCategories} />}
        {permissions?.administrate === true && <Resource name="group-categories" {...groupCategories} />}
        {permissions?.administrate === true && <Resource name="change_requests" {...changeRequests} />}
        {permissions?.administrate === true && (
          <CustomRoutes>
            <Route path={SETTINGS_HISTORY_PATH} element={<SettingsHistory />} />
          </CustomRoutes>
        )}
        {permissions?.administrate === true && <Resource name="imprint" {...imprint} />}
        {permissions?.administrate === true && <Resource name="file_settings" {...fileSettings} />}
        {(permissions?.administrate === true || permissions?.audit === true) && (
          <Resource name="legal_texts" {...legalTexts} {...(permissions?.administrate === true ? {} : { create: undefined, edit: undefined })} />
        )}
        {(permissions?.administrate === true || permissions?.audit === true) && <Resource name="legal_acceptances" {...legalAcceptances} />}
        {(permissions?.administrate === true || permissions?.audit === true) && (
          <Resource name="pages" {...pages} {...(permissions?.administrate === true ? {} : { create: undefined, edit: undefined })} />
        )}
        {(permissions?.administrate === true || permissions?.audit === true) && (
          <CustomRoutes>
            <Route path={STATISTICS_PATH_IN_CONSOLE} element={<StatisticsPage />} />
          </CustomRoutes>
        )}
        {permissions?.administrate === true && <Resource name="navigation" {...navigation} />}
        {(permissions?.administrate === true || permissions?.audit === true) && (
          <CustomRoutes>
            <Route path={APP_NAVIGATION_PATH} element={<AppNavigationPage />} />
          </CustomRoutes>
        )}
        {permissions?.administrate === true && <Resource name="apps" {...apps} />}
        {permissions?.administrate === true && <Resource name="newsletter" {...newsletter} />}
        {permissions?.administrate === true && <Resource name="widgetbars" {...widgetbars} />}
        {permissions?.administrate === true && <Resource name="property_sets" {...propertySets} />}
        {permissions?.administrate === true && (
          <CustomRoutes>
            <Route path={NEWSLETTER_SETTINGS_PATH} element={<NewsletterSettingsPage />} />
            <Route path={CHANNEL_ASSIGNMENT_ROUTE} element={<ChannelAssignmentPage />} />
            <Route path={NEWSLETTER_UPCOMING_PATH} element={<UpcomingActivitiesPage />} />
            <Route path={NEWSLETTER_TEMPLATE_PATH} element={<NewsletterTemplatePage />} />
            <Route path={WIDGETBAR_EDIT_ROUTE} element={<WidgetBarEditPage />} />
            <Route path={PROPERTY_SET_EDIT_ROUTE} element={<PropertySetEditPage />} />
          </CustomRoutes>
        )}
        {(permissions?.administrate === true || permissions?.audit === true) && (
          <Resource name="membership_roles" {...membershipRoles} {...(permissions?.administrate === true ? {} : { create: undefined, edit: undefined })} />
        )}
        {(permissions?.administrate === true || permissions?.audit === true) && (
          <Resource name="map_places" {...mapPlaces} {...(permissions?.administrate === true ? {} : { create: undefined, edit: undefined })} />
        )}
        {(permissions?.administrate === true || permissions?.audit === true) && (
          <Resource name="tags" {...tags} {...(permissions?.administrate === true ? {} : { edit: undefined })} />
        )}
        {(permissions?.administrate === true || permissions?.audit === true) && <Resource name="invites" {...invites} />}
        {(permissions?.administrate === true || permissions?.audit === true) && (
          <Resource name="designs" {...designs} {...(permissions?.administrate === true ? {} : { create: undefined, edit: undefined })} />
        )}
      </>
    )}
  </Admin>
);
