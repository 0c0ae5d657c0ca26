import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppointmentDetailPage, AppointmentFormPage, AppointmentsPage, ContactPage, ParticipantsPage } from '../appointments';
import { CalendarFormPage, CalendarsManagePage, CalendarsSubscribePage } from '../calendars';
import { NotFoundPage } from '../common/NotFoundPage';
import { DirectoryLayout, DirectoryMembersPage } from '../directory';
import { FeaturePage } from '../features/FeaturePage';
import { InvitesPage } from '../invites';
import { MemberPage } from '../members';
import { SearchPage } from '../search';
import { RequireMember } from '../session/RequireMember';
import { useSession } from '../session/SessionContext';
import { START_PAGE } from '../shell/navigation';
import { Shell } from '../shell/Shell';
import { SignInPage } from '../sign-in/SignInPage';
import { ForgotPasswordPage, ResetPasswordPage, UserSettingsPage } from '../users';

/** Routes of modules that later issues build; each shows its empty state until then. */
const PLANNED_FEATURES: { path: string; feature: string }[] = [
  { path: '/activitystreams/*', feature: 'activitystreams' },
  { path: '/activities/*', feature: 'activitystreams' },
  { path: '/notifications', feature: 'notifications' },
  { path: '/invites/*', feature: 'group_invites' },
  { path: '/messages', feature: 'messages' },
  { path: '/messages/sent', feature: 'messages_sent' },
  { path: '/messages/*', feature: 'messages' },
  { path: '/tasks/*', feature: 'tasks' },
  { path: '/files/*', feature: 'files' },
  { path: '/channels/*', feature: 'channels' },
  { path: '/directory/channels', feature: 'channels' },
  { path: '/members/map', feature: 'map' },
  { path: '/map', feature: 'map' },
  { path: '/chat/*', feature: 'chat' },
  { path: '/info', feature: 'info' },
  { path: '/imprint', feature: 'imprint' },
  { path: '/legal/*', feature: 'legal' },
  { path: '/report/new', feature: 'report' },
];

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

export const App = () => {
  const { state, reload } = useSession();
  if (state.phase === 'loading') return <Bootstrapping />;
  if (state.phase === 'failed') return <BootFailed errorKey={state.errorKey} retry={() => void reload()} />;
  return (
    <Routes>
      <Route path="/users/sign_in" element={<SignInPage />} />
      {/* reached signed out, from the sign-in page and the reset mail */}
      <Route path="/users/password/new" element={<ForgotPasswordPage />} />
      <Route path="/users/password/edit" element={<ResetPasswordPage />} />
      <Route element={<RequireMember />}>
        <Route element={<Shell />}>
          <Route index element={<Navigate to={START_PAGE} replace />} />
          <Route path="/directory" element={<DirectoryLayout />}>
            <Route index element={<Navigate to="/directory/members" replace />} />
            <Route path="members" element={<DirectoryMembersPage />} />
          </Route>
          <Route path="/members" element={<Navigate to="/directory/members" replace />} />
          <Route path="/members/:id" element={<MemberPage />} />
          <Route path="/search" element={<SearchPage />} />
          <Route path="/appointments" element={<AppointmentsPage scope="all" />} />
          <Route path="/appointments/participating" element={<AppointmentsPage scope="participating" />} />
          <Route path="/appointments/invites" element={<InvitesPage />} />
          <Route path="/appointments/new" element={<AppointmentFormPage />} />
          <Route path="/appointments/:id" element={<AppointmentDetailPage />} />
          <Route path="/appointments/:id/edit" element={<AppointmentFormPage />} />
          <Route path="/appointments/:id/participants" element={<ParticipantsPage />} />
          <Route path="/appointments/:id/contact" element={<ContactPage />} />
          <Route path="/groups/:groupSlug/calendars" element={<AppointmentsPage scope="all" />} />
          <Route path="/calendars" element={<Navigate to="/calendars/manage" replace />} />
          <Route path="/calendars/manage" element={<CalendarsManagePage />} />
          <Route path="/calendars/new" element={<CalendarFormPage />} />
          <Route path="/calendars/:id/edit" element={<CalendarFormPage />} />
          <Route path="/calendars/subscribe" element={<CalendarsSubscribePage />} />
          <Route path="/users/edit" element={<UserSettingsPage />} />
          {PLANNED_FEATURES.map(({ path, feature }) => (
            <Route key={path} path={path} element={<FeaturePage feature={feature} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
};
