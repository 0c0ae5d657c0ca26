import { DASHBOARD_WIDGETBAR_SLUG, DELETED_MEMBER_NAME, type GroupDetailDto, type GroupMemberDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useOutletContext, useParams } from 'react-router-dom';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { useLiveTopic } from '../realtime/LiveQueries';
import { useToasts } from '../toasts/Toasts';
import { FollowActions, GroupBadges, MembershipActions } from './GroupActions';
import { useGroupRefusal } from './group-refusal';
import { useGroup, useGroupCommand, useGroupMembers, useGroupNavigation, useJoinRequests } from './groups-queries';
import './groups.css';
import { GroupImage } from './GroupImage';
import { MapToggle } from '../map/MapToggle';
import { WidgetBar } from '../widgetbars';

/** the group the nested pages show (read once by the layout) */
export const useCurrentGroup = (): GroupDetailDto => useOutletContext<GroupDetailDto>();

const NAV_LABELS = { start: 'groups.nav.start', members: 'groups.nav.members', calendars: 'groups.nav.calendars', files: 'groups.nav.files', administration: 'groups.nav.administration' } as const;

/**
 * /groups/{slug}/…: the group's header (name, badges, counts, membership actions, favourite and
 * subscription) and its navigation (the pages that exist: start, members, calendars; administration for
 * its admins). Pages of modules still to come are not shown. A hidden group is simply not found.
 */
export const GroupLayout = () => {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const group = useGroup(slug);
  const navigation = useGroupNavigation(slug);
  const load = loadOf(group);
  useLiveTopic('groups');

  if (load.phase === 'failed' && load.errorKey === 'not_found') {
    return (
      <section className="page">
        <EmptyState title="groups.not_found_title" text="groups.not_found_text" testId="group-not-found" />
      </section>
    );
  }
  if (load.phase !== 'loaded') {
    return (
      <section className="page">
        <LoadStatus load={load} onRetry={() => void group.refetch()} testId="group" />
      </section>
    );
  }
  const data = load.data;
  return (
    <section className="page" data-testid="group-page">
      <header className="group-header">
        <GroupImage group={data} />
        <div>
          <h1 className="page__title" data-testid="group-name">
            {data.name}
          </h1>
          <p className="group-header__facts muted">
            {data.category ? <span>{data.category.name}</span> : null}
            <span data-testid="group-member-count">{t('groups.counts.members', { count: data.member_count })}</span>
            <GroupBadges group={data} />
          </p>
        </div>
        <div className="group-actions">
          <MembershipActions group={data} />
          <FollowActions group={data} />
          {data.can.update || data.can.archive ? (
            <Link className="button button--quiet" to={`/groups/${data.slug}/edit`} data-testid="group-edit-link">
              {t('groups.actions.edit')}
            </Link>
          ) : null}
        </div>
      </header>
      <nav className="tabs" aria-label={t('groups.nav.label')} data-testid="group-navigation">
        {(navigation.data?.navigation_items ?? []).map((item) => (
          <NavLink key={item.id} to={item.link} end={item.id === 'start'} className="tab" data-testid={`group-nav-${item.id}`}>
            {t(NAV_LABELS[item.id])}
          </NavLink>
        ))}
      </nav>
      <Outlet context={data} />
    </section>
  );
};

/** /groups/{slug}: the start page (teaser, description, an open invite, a rejected request's message). */
export const GroupStartPage = () => {
  const { t } = useTranslation();
  const group = useCurrentGroup();
  return (
    <div className="with-widgetbar">
    <div data-testid="group-start">
      {group.archived ? <div className="alert" role="status">{t('groups.archived_notice')}</div> : null}
      {group.invite ? (
        <div className="alert" role="status" data-testid="group-invite-notice">
          {t('groups.invite_notice', { author: group.invite.author_name })}
          {group.invite.additional_message ? <p>{group.invite.additional_message}</p> : null}
        </div>
      ) : null}
      {group.rejection_message !== null ? (
        <div className="alert" role="status" data-testid="group-rejection-notice">
          {t('groups.rejected_notice')}
          {group.rejection_message ? <p>{group.rejection_message}</p> : null}
        </div>
      ) : null}
      {group.teaser ? <p className="group-teaser">{group.teaser}</p> : null}
      {group.description ? <p style={{ whiteSpace: 'pre-wrap' }}>{group.description}</p> : null}
      {!group.teaser && !group.description ? <p className="muted">{t('groups.no_description')}</p> : null}
    </div>
    <WidgetBar slug={DASHBOARD_WIDGETBAR_SLUG} groupId={group.id} />
    </div>
  );
};

/** Hand a member admin rights for the group, or take them back (by the row's can.make_admin / can.remove_admin). */
const AdminRightsButton = ({ slug, member }: { slug: string; member: GroupMemberDto }) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const refusal = useGroupRefusal();
  const setAdmin = useGroupCommand((api, admin: boolean) => api.setAdmin(slug, member.id, admin));
  const admin = member.can?.remove_admin ? false : member.can?.make_admin ? true : null;
  if (admin === null) return null;
  const run = async () => {
    try {
      await setAdmin.mutateAsync(admin);
      toasts.show('success', admin ? 'groups.admins.made_admin' : 'groups.admins.removed_admin');
    } catch (caught) {
      toasts.show('error', refusal(caught));
    }
  };
  return (
    <button type="button" className="button button--quiet" data-testid={admin ? 'make-group-admin' : 'remove-group-admin'} disabled={setAdmin.isPending} onClick={() => void run()}>
      {t(admin ? 'groups.admins.make_admin' : 'groups.admins.remove_admin')}
    </button>
  );
};

/** /groups/{slug}/members: admins first; those who moderate the group hand admin rights over and take them back. */
export const GroupMembersPage = () => {
  const { t } = useTranslation();
  const group = useCurrentGroup();
  const members = useGroupMembers(group.slug);
  const load = loadOf(members);
  return (
    <div data-testid="group-members">
      <MapToggle listPath={`/groups/${group.slug}/members`} mapPath={`/groups/${group.slug}/map`} />
      <LoadStatus load={load} onRetry={() => void members.refetch()} testId="group-members" />
      {load.phase === 'loaded' ? (
        <ul className="member-list">
          {load.data.members.map((member) => (
            <li key={member.id} className="member-row" data-testid="group-member" data-member-id={member.id}>
              <Link to={member.path} className="member-row__name">
                {member.name === DELETED_MEMBER_NAME ? t('members.deleted_member') : member.name}
              </Link>
              {member.admin ? <span className="badge badge--admin">{t('groups.badges.admin')}</span> : null}
              <AdminRightsButton slug={group.slug} member={member} />
            </li>
          ))}
        </ul>
      ) : null}
      {group.can.invite ? (
        <Link className="button" to={`/groups/${group.slug}/membership_invites/new`} data-testid="group-invite-link">
          {t('groups.actions.invite')}
        </Link>
      ) : null}
    </div>
  );
};

/** One join request: accept, or reject with a message to the member. */
const JoinRequestRow = ({ slug, request }: { slug: string; request: { member: { id: string; name: string; path: string }; status: 'pending' | 'rejected'; rejection_message: string } }) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const refusal = useGroupRefusal();
  const [rejecting, setRejecting] = useState(false);
  const [message, setMessage] = useState('');
  const accept = useGroupCommand((api, memberId: string) => api.acceptRequest(slug, memberId));
  const reject = useGroupCommand((api, memberId: string) => api.rejectRequest(slug, memberId, message));
  const busy = accept.isPending || reject.isPending;
  const fail = (error: unknown) => toasts.show('error', refusal(error));
  return (
    <li className="group-row" data-testid={`join-request-${request.member.id}`}>
      <div className="group-row__main">
        <Link to={request.member.path} className="group-row__name">
          {request.member.name}
        </Link>
        {request.status === 'rejected' ? <p className="muted">{t('groups.requests.rejected', { message: request.rejection_message })}</p> : null}
      </div>
      {request.status === 'pending' ? (
        <div className="group-actions">
          <button type="button" className="button" disabled={busy} data-testid="join-request-accept" onClick={() => void accept.mutateAsync(request.member.id).then(() => toasts.show('success', 'groups.flash.request_accepted'), fail)}>
            {t('groups.requests.accept')}
          </button>
          {rejecting ? (
            <form
              className="group-form"
              onSubmit={(event) => {
                event.preventDefault();
                void reject.mutateAsync(request.member.id).then(() => toasts.show('success', 'groups.flash.request_rejected'), fail);
              }}
            >
              <label className="field">
                <span>{t('groups.requests.rejection_message')}</span>
                <textarea rows={10} value={message} maxLength={2000} data-testid="join-request-message" onChange={(event) => setMessage(event.target.value)} />
              </label>
              <span className="group-actions">
                <button type="submit" className="button" disabled={busy} data-testid="join-request-reject-send">
                  {t('groups.requests.reject')}
                </button>
                <button type="button" className="button button--quiet" onClick={() => setRejecting(false)}>
                  {t('common.cancel')}
                </button>
              </span>
            </form>
          ) : (
            <button type="button" className="button button--quiet" disabled={busy} data-testid="join-request-reject" onClick={() => setRejecting(true)}>
              {t('groups.requests.reject')}
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
};

/** /groups/{slug}/administration: join requests, and links to edit and invite. */
export const GroupAdministrationPage = () => {
  const { t } = useTranslation();
  const group = useCurrentGroup();
  const requests = useJoinRequests(group.slug, group.can.moderate || group.can.archive);
  const load = loadOf(requests);
  if (!group.can.moderate && !group.can.archive) return <EmptyState title="groups.administration.forbidden" testId="group-administration-forbidden" />;
  return (
    <div data-testid="group-administration">
      <h2>{t('groups.requests.title')}</h2>
      <LoadStatus load={load} onRetry={() => void requests.refetch()} testId="join-requests" />
      {load.phase === 'loaded' ? (
        load.data.join_requests.length === 0 ? (
          <p className="muted" data-testid="join-requests-empty">
            {t('groups.requests.empty')}
          </p>
        ) : (
          <ul className="group-list">
            {load.data.join_requests.map((request) => (
              <JoinRequestRow key={request.member.id} slug={group.slug} request={request} />
            ))}
          </ul>
        )
      ) : null}
      <p className="group-actions">
        <Link className="button button--quiet" to={`/groups/${group.slug}/edit`}>
          {t('groups.actions.edit')}
        </Link>
        {group.can.edit_widgetbars ? (
          <Link className="button button--quiet" to={`/groups/${group.slug}/administration/widgetbars/${DASHBOARD_WIDGETBAR_SLUG}/edit`} data-testid="group-widgetbar-edit">
            {t('widgetbars.editor.open')}
          </Link>
        ) : null}
        {group.can.edit_designs ? (
          <Link className="button button--quiet" to={`/groups/${group.slug}/administration/designs`} data-testid="group-designs-open">
            {t('groups.designs.title')}
          </Link>
        ) : null}
        {group.can.edit_navigation ? (
          <Link className="button button--quiet" to={`/groups/${group.slug}/administration/navigation`} data-testid="group-navigation-open">
            {t('groups.administration.navigation')}
          </Link>
        ) : null}
        {group.can.view_statistics ? (
          <Link className="button button--quiet" to={`/groups/${group.slug}/administration/statistics`} data-testid="group-statistics-open">
            {t('groups.administration.statistics')}
          </Link>
        ) : null}
        {group.can.invite ? (
          <Link className="button button--quiet" to={`/groups/${group.slug}/membership_invites/new`}>
            {t('groups.actions.invite')}
          </Link>
        ) : null}
      </p>
    </div>
  );
};
