import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { appointmentsLive } from '../appointments/appointments-queries';
import { calendarsLive } from '../calendars/calendars-queries';
import { channelsLive } from '../channels/channels-queries';
import { activitiesLive } from '../activities/activities-queries';
import { directoryLive } from '../directory/directory-queries';
import { groupsLive } from '../groups/groups-queries';
import { membersLive } from '../members/members-queries';
import { notificationsLive } from '../notifications/notifications-queries';
import { LiveQueries, type LiveRoute } from '../realtime/LiveQueries';
import { messagesLive } from '../messages/messages-queries';
import { unreadsLive } from '../unreads/unreads-queries';
import { twoFactorLive } from '../two-factor/two-factor-api';
import { legalLive } from '../legal/legal-queries';
import { administrationNavigationLive, navigationLive } from '../navigation/navigation-queries';
import { categoryAdministrationLive } from '../group-categories/category-administration-queries';
import { appsLive } from '../apps/apps-queries';
import { fileArchivesLive, filesLive } from '../files/files-queries';
import { membershipRolesLive } from '../membership-roles/membership-roles-live';
import { subscriptionsLive } from '../membership-settings/subscriptions-queries';
import { newsletterScheduleLive } from '../membership-settings/newsletter-schedule';
import { devicesLive } from '../devices/devices-api';
import { membershipSettingsLive } from '../membership-settings/membership-settings-api';
import { mapLive } from '../map/map-queries';
import { followsLive } from '../follows/follows-queries';
import { widgetBarsLive } from '../widgetbars/widgetbars-queries';
import { designsLive } from '../designs/designs-queries';
import { pagesLive } from '../pages/pages-queries';

/** Each feature's reading of pushed changes; a feature with live data adds its route here, as it adds its routes to App. */
const LIVE_ROUTES: readonly LiveRoute[] = [activitiesLive, appointmentsLive, calendarsLive, channelsLive, directoryLive, membersLive, notificationsLive, groupsLive, messagesLive, unreadsLive, twoFactorLive, legalLive, navigationLive, appsLive, filesLive, fileArchivesLive, membershipRolesLive, subscriptionsLive, administrationNavigationLive, mapLive, devicesLive, followsLive, newsletterScheduleLive, widgetBarsLive, designsLive, pagesLive, membershipSettingsLive, categoryAdministrationLive];

/** The console's one query cache, kept live by the realtime channel (inside the session, which owns the channel). */
export const DataLayer = ({ client, children }: { client: QueryClient; children: ReactNode }) => (
  <QueryClientProvider client={client}>
    <LiveQueries routes={LIVE_ROUTES} />
    {children}
  </QueryClientProvider>
);
