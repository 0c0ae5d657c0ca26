import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../common/NotFoundPage';
import { RequireMember } from '../session/RequireMember';
import type { ApiClient } from '../api/client';
import { useSession } from '../session/SessionContext';
import { START_PAGE } from '../shell/navigation';
import { isStartPagePath } from '../shell/early-reads';
import { Shell } from '../shell/Shell';

/**
 * Each feature's pages are their own chunk, loaded when a route first needs them: the first page loads
 * the shell and that page only (the member console's initial script stays small).
 */
const page = <Props extends object>(load: () => Promise<ComponentType<Props>>) => {
  let loaded: ComponentType<Props> | undefined;
  const preload = async (): Promise<void> => {
    loaded ??= await load();
  };
  // once the chunk is here the page renders without suspending: React.lazy takes a thenable that answers at
  // once, so no fallback is committed (React holds back content for 300 ms after showing a fallback)
  const Page = lazy(() => {
    const ready = loaded;
    if (ready) return { then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve({ default: ready }) } as unknown as Promise<{ default: ComponentType<Props> }>;
    return load().then((component) => {
      loaded = component;
      return { default: component };
    });
  });
  return Object.assign(Page, { preload });
};
const AppointmentsPage = page(async () => (await import('../appointments')).AppointmentsPage);
const AppointmentDetailPage = page(async () => (await import('../appointments')).AppointmentDetailPage);
const AppointmentFormPage = page(async () => (await import('../appointments')).AppointmentFormPage);
const ContactPage = page(async () => (await import('../appointments')).ContactPage);
const ParticipantsPage = page(async () => (await import('../appointments')).ParticipantsPage);
const CalendarFormPage = page(async () => (await import('../calendars')).CalendarFormPage);
const CalendarsManagePage = page(async () => (await import('../calendars')).CalendarsManagePage);
const CalendarsSubscribePage = page(async () => (await import('../calendars')).CalendarsSubscribePage);
const InvitesPage = page(async () => (await import('../invites')).InvitesPage);
const DirectoryLayout = page(async () => (await import('../directory')).DirectoryLayout);
const DirectoryMembersPage = page(async () => (await import('../directory')).DirectoryMembersPage);
const ChannelsDirectoryTab = page(async () => (await import('../directory')).ChannelsDirectoryTab);
const MapPage = page(async () => (await import('../map')).MapPage);
const ChannelPage = page(async () => (await import('../channels')).ChannelPage);
const ChannelFormPage = page(async () => (await import('../channels')).ChannelFormPage);
const ChannelDesignEditPage = page(async () => (await import('../channels')).DesignEditPage);
const ChannelLayoutEditPage = page(async () => (await import('../channels')).LayoutEditPage);
const ChannelWidgetsPage = page(async () => (await import('../channels')).WidgetsPage);
const ChannelWidgetPage = page(async () => (await import('../channels')).WidgetPage);
const ChannelWidgetFormPage = page(async () => (await import('../channels')).WidgetFormPage);
const ArticlePage = page(async () => (await import('../channels')).ArticlePage);
const ArticleFormPage = page(async () => (await import('../channels')).ArticleFormPage);
const SearchPage = page(async () => (await import('../search')).SearchPage);
const MemberPage = page(async () => (await import('../members')).MemberPage);
const MemberEditPage = page(async () => (await import('../members')).MemberEditPage);
const IgnoredMembersPage = page(async () => (await import('../members')).IgnoredMembersPage);
const OnboardingPage = page(async () => (await import('../members')).OnboardingPage);
const ChangeRequestPage = page(async () => (await import('../members')).ChangeRequestPage);
const ForgotPasswordPage = page(async () => (await import('../users')).ForgotPasswordPage);
const ResetPasswordPage = page(async () => (await import('../users')).ResetPasswordPage);
const UserSettingsPage = page(async () => (await import('../users')).UserSettingsPage);
const GroupLayout = page(async () => (await import('../groups')).GroupLayout);
const GroupStartPage = page(async () => (await import('../groups')).GroupStartPage);
const GroupMembersPage = page(async () => (await import('../groups')).GroupMembersPage);
const GroupAdministrationPage = page(async () => (await import('../groups')).GroupAdministrationPage);
const GroupNavigationPage = page(async () => (await import('../groups')).GroupNavigationPage);
const GroupStatisticsPage = page(async () => (await import('../groups')).GroupStatisticsPage);
const GroupWidgetBarEditPage = page(async () => (await import('../widgetbars/GroupWidgetBarEditPage')).GroupWidgetBarEditPage);
const GroupDesignsPage = page(async () => (await import('../designs/GroupDesignsPage')).GroupDesignsPage);
const CategoryAdministrationLayout = page(async () => (await import('../group-categories')).CategoryAdministrationLayout);
const CategoryAdministrationPage = page(async () => (await import('../group-categories')).CategoryAdministrationPage);
const CategoryDesignsPage = page(async () => (await import('../group-categories')).CategoryDesignsPage);
const CategoryNavigationPage = page(async () => (await import('../group-categories')).CategoryNavigationPage);
const CategoryStatisticsPage = page(async () => (await import('../group-categories')).CategoryStatisticsPage);
const NewGroupPage = page(async () => (await import('../groups')).NewGroupPage);
const EditGroupPage = page(async () => (await import('../groups')).EditGroupPage);
const GroupInvitesPage = page(async () => (await import('../groups')).GroupInvitesPage);
const SentGroupInvitesPage = page(async () => (await import('../groups')).SentGroupInvitesPage);
const InviteMembersPage = page(async () => (await import('../groups')).InviteMembersPage);
const DirectoryGroupsPage = page(async () => (await import('../groups')).DirectoryGroupsPage);
const ActivityStreamPage = page(async () => (await import('../activities')).ActivityStreamPage);
const MemberActivitiesPage = page(async () => (await import('../activities')).MemberActivitiesPage);
const MessagesListPage = page(async () => (await import('../messages')).MessagesListPage);
const MessageDetailPage = page(async () => (await import('../messages')).MessageDetailPage);
const MessageComposerPage = page(async () => (await import('../messages')).MessageComposerPage);
const ChatPage = page(async () => (await import('../chat')).ChatPage);
const SignInPage = page(async () => (await import('../sign-in/SignInPage')).SignInPage);
const NotificationsPage = page(async () => (await import('../notifications')).NotificationsPage);
const ActivityPage = page(async () => (await import('../activities')).ActivityPage);
const MembershipSettingsPage = page(async () => (await import('../membership-settings')).MembershipSettingsPage);
const AbuseReportPage = page(async () => (await import('../abuse-reports')).AbuseReportPage);
const ImprintPage = page(async () => (await import('../legal')).ImprintPage);
const LegalTextPage = page(async () => (await import('../legal')).LegalTextPage);
const FolderPage = page(async () => (await import('../files')).FolderPage);
const FilePage = page(async () => (await import('../files')).FilePage);
const FileApprovalPage = page(async () => (await import('../files')).ApprovalPage);
const TwoFactorPage = page(async () => (await import('../two-factor')).TwoFactorPage);
const TwoFactorSignInPage = page(async () => (await import('../two-factor')).TwoFactorSignInPage);
const AppsIndexPage = page(async () => (await import('../apps')).AppsIndexPage);
const EditItemPage = page(async () => (await import('../apps')).EditItemPage);
const ItemPage = page(async () => (await import('../apps')).ItemPage);
const NewItemPage = page(async () => (await import('../apps')).NewItemPage);
const WallPage = page(async () => (await import('../apps')).WallPage);
const TasksPage = page(async () => (await import('../tasks')).TasksPage);
const PageView = page(async () => (await import('../pages')).PageView);
const PagesIndex = page(async () => (await import('../pages')).PagesIndex);

const Bootstrapping = () => {
  const { t } = useTranslation();
  return (
    <div className="boot" role="status" data-testid="boot">
      {t('common.loading')}
    </div>
  );
};

const BootFailed = ({ errorKey, retry }: { errorKey: string; retry: () => void }) => {
  const { t } = useTranslation();
  return (
    <div className="boot" role="alert" data-testid="boot-failed">
      <p>{t(`errors.${errorKey}`)}</p>
      <button type="button" className="button" onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  );
};

/** fills the query cache with the first page's data read ahead, before its first render */
export type FirstPageSeed = (client: QueryClient, api: ApiClient) => void;

/**
 * The first page's chunk loaded before the first render (main.tsx asks for it beside the console): a member
 * opening the console sees the home (or the appointments they opened) without a loading step between. The
 * start page answers how its queries start from the data read ahead (the console's cache calls it once).
 */
export const preloadFirstPage = async (pathname: string): Promise<FirstPageSeed | undefined> => {
  if (isStartPagePath(pathname)) {
    await ActivityStreamPage.preload();
    return (await import('../activities')).seedStartPage;
  }
  if (pathname === '/appointments' || pathname === '/appointments/participating') await AppointmentsPage.preload();
  return undefined;
};

const Loading = ({ children }: { children: ReactNode }) => <Suspense fallback={<Bootstrapping />}>{children}</Suspense>;

export const App = () => {
  const { state, reload } = useSession();
  if (state.phase === 'loading') return <Bootstrapping />;
  if (state.phase === 'failed') return <BootFailed errorKey={state.errorKey} retry={() => void reload()} />;
  return (
    <Loading>
    <Routes>
      <Route path="/users/sign_in" element={<SignInPage />} />
      {/* reached signed out, from the sign-in page and the reset mail */}
      <Route path="/users/password/new" element={<ForgotPasswordPage />} />
      <Route path="/users/password/edit" element={<ResetPasswordPage />} />
      <Route path="/users/two_factor_authentication" element={<TwoFactorSignInPage />} />
      {/* public: the imprint and the legal texts are reached signed out too */}
      <Route path="/imprint" element={<ImprintPage />} />
      <Route path="/legal/:handle" element={<LegalTextPage />} />
      <Route element={<RequireMember />}>
        <Route element={<Shell />}>
          <Route index element={<Navigate to={START_PAGE} replace />} />
          <Route path="/directory" element={<DirectoryLayout />}>
            <Route index element={<Navigate to="/directory/members" replace />} />
            <Route path="members" element={<DirectoryMembersPage />} />
            <Route path="channels" element={<ChannelsDirectoryTab />} />
            <Route path=":categorySlug" element={<DirectoryGroupsPage />} />
          </Route>
          <Route path="/channels" element={<Navigate to="/directory/channels" replace />} />
          <Route path="/channels/new" element={<ChannelFormPage />} />
          <Route path="/channels/:slug" element={<ChannelPage />} />
          <Route path="/channels/:slug/edit" element={<ChannelFormPage />} />
          <Route path="/channels/:slug/administration" element={<ChannelFormPage />} />
          <Route path="/channels/:slug/design/edit" element={<ChannelDesignEditPage />} />
          <Route path="/channels/:slug/layout/edit" element={<ChannelLayoutEditPage />} />
          <Route path="/channels/:slug/widgets" element={<ChannelWidgetsPage />} />
          <Route path="/channels/:slug/widgets/new" element={<ChannelWidgetFormPage />} />
          <Route path="/channels/:slug/widgets/:id" element={<ChannelWidgetPage />} />
          <Route path="/channels/:slug/widgets/:widgetId/edit" element={<ChannelWidgetFormPage />} />
          <Route path="/blogs/:blogId/articles/new" element={<ArticleFormPage />} />
          <Route path="/blogs/:blogId/articles/:id" element={<ArticlePage />} />
          <Route path="/blogs/:blogId/articles/:id/edit" element={<ArticleFormPage />} />
          <Route path="/members" element={<Navigate to="/directory/members" replace />} />
          <Route path="/map" element={<MapPage scope="network" />} />
          <Route path="/members/map" element={<MapPage scope="network" />} />
          <Route path="/pages" element={<PagesIndex />} />
          <Route path="/pages/:pageSlug" element={<PageView />} />
          <Route path="/members/:id" element={<MemberPage />} />
          <Route path="/members/:id/activities" element={<MemberActivitiesPage list="activities" />} />
          <Route path="/members/:id/likes" element={<MemberActivitiesPage list="likes" />} />
          <Route path="/activitystreams" element={<ActivityStreamPage />} />
          <Route path="/activitystreams/:slug" element={<ActivityStreamPage />} />
          <Route path="/members/:id/edit" element={<MemberEditPage />} />
          <Route path="/members/:id/ignored" element={<IgnoredMembersPage />} />
          <Route path="/members/:id/change_requests/new" element={<ChangeRequestPage />} />
          <Route path="/change_requests/new" element={<ChangeRequestPage />} />
          <Route path="/onboarding/profile" element={<OnboardingPage />} />
          <Route path="/search" element={<SearchPage />} />
          <Route path="/groups/:groupSlug/search" element={<SearchPage />} />
          <Route path="/appointments" element={<AppointmentsPage scope="all" />} />
          <Route path="/appointments/participating" element={<AppointmentsPage scope="participating" />} />
          <Route path="/appointments/invites" element={<InvitesPage />} />
          <Route path="/appointments/new" element={<AppointmentFormPage />} />
          <Route path="/appointments/:id" element={<AppointmentDetailPage />} />
          <Route path="/appointments/:id/edit" element={<AppointmentFormPage />} />
          <Route path="/appointments/:id/participants" element={<ParticipantsPage />} />
          <Route path="/appointments/:id/contact" element={<ContactPage />} />
          <Route path="/groups/:groupSlug/calendars" element={<AppointmentsPage scope="all" />} />
          <Route path="/groups/new/:categorySlug" element={<NewGroupPage />} />
          <Route path="/groups/:slug/edit" element={<EditGroupPage />} />
          <Route path="/groups/:slug/membership_invites/new" element={<InviteMembersPage />} />
          <Route path="/groups/:slug" element={<GroupLayout />}>
            <Route index element={<GroupStartPage />} />
            <Route path="members" element={<GroupMembersPage />} />
            <Route path="map" element={<MapPage scope="group" />} />
            <Route path="administration" element={<GroupAdministrationPage />} />
            <Route path="administration/widgetbars/:barSlug/edit" element={<GroupWidgetBarEditPage />} />
            <Route path="administration/designs" element={<GroupDesignsPage />} />
            <Route path="administration/navigation" element={<GroupNavigationPage />} />
            <Route path="administration/statistics" element={<GroupStatisticsPage />} />
          </Route>
          <Route path="/group-categories/:categoryRef/administration" element={<CategoryAdministrationLayout />}>
            <Route index element={<CategoryAdministrationPage />} />
            <Route path="designs" element={<CategoryDesignsPage />} />
            <Route path="designs/:designId/edit" element={<CategoryDesignsPage />} />
            <Route path="navigation" element={<CategoryNavigationPage />} />
            <Route path="statistics" element={<CategoryStatisticsPage />} />
          </Route>
          <Route path="/invites" element={<GroupInvitesPage />} />
          <Route path="/invites/sent" element={<SentGroupInvitesPage />} />
          <Route path="/invites/new" element={<InviteMembersPage />} />
          <Route path="/calendars" element={<Navigate to="/calendars/manage" replace />} />
          <Route path="/calendars/manage" element={<CalendarsManagePage />} />
          <Route path="/calendars/new" element={<CalendarFormPage />} />
          <Route path="/calendars/:id/edit" element={<CalendarFormPage />} />
          <Route path="/calendars/subscribe" element={<CalendarsSubscribePage />} />
          <Route path="/users/edit" element={<UserSettingsPage />} />
          <Route path="/messages" element={<MessagesListPage key="inbox" box="inbox" />} />
          <Route path="/messages/sent" element={<MessagesListPage key="sent" box="sent" />} />
          <Route path="/messages/new" element={<MessageComposerPage />} />
          <Route path="/messages/:id" element={<MessageDetailPage />} />
          <Route path="/notifications" element={<NotificationsPage />} />
          <Route path="/activities/:id" element={<ActivityPage />} />
          <Route path="/members/:id/settings/edit" element={<MembershipSettingsPage />} />
          <Route path="/report/new" element={<AbuseReportPage />} />
          <Route path="/two_factor" element={<TwoFactorPage />} />
          <Route path="/chat" element={<ChatPage target="root" />} />
          <Route path="/chat/new" element={<ChatPage target="newChat" />} />
          <Route path="/chat/:type/:id" element={<ChatPage target="showChat" />} />
          <Route path="/apps" element={<AppsIndexPage />} />
          <Route path="/apps/:app" element={<WallPage />} />
          <Route path="/apps/:app/items/archive" element={<WallPage archived />} />
          <Route path="/apps/:app/items/new" element={<NewItemPage />} />
          <Route path="/apps/:app/items/:id" element={<ItemPage />} />
          <Route path="/apps/:app/items/:id/edit" element={<EditItemPage />} />
          <Route path="/tasks" element={<Navigate to="/tasks/my" replace />} />
          <Route path="/tasks/:list" element={<TasksPage />} />
          <Route path="/files" element={<FolderPage />} />
          <Route path="/files/approval" element={<FileApprovalPage />} />
          <Route path="/files/folders/:id" element={<FolderPage />} />
          <Route path="/files/activitystream" element={<FolderPage activityStream />} />
          <Route path="/files/:id" element={<FilePage />} />
          <Route path="/groups/:groupSlug/files" element={<FolderPage />} />
          <Route path="/groups/:groupSlug/files/approval" element={<FileApprovalPage />} />
          <Route path="/groups/:groupSlug/files/folders/:id" element={<FolderPage />} />
          <Route path="/groups/:groupSlug/files/activitystream" element={<FolderPage activityStream />} />
          <Route path="/groups/:groupSlug/files/:id" element={<FilePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
    </Loading>
  );
};
