import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { loadOf } from '../api/load';
import { Avatar } from '../common/Avatar';
import { EmptyState } from '../common/EmptyState';
import { usePageTitle } from '../common/usePageTitle';
import { PresenceDot } from '../presence/PresenceDot';
import { withStatus } from '../presence/presence-rules';
import { useSignedIn } from '../session/SessionContext';
import { FollowButton, FollowingList } from '../follows';
import { IgnoreButton } from './IgnoreButton';
import { MemberBadges, useMemberName } from './MemberBadges';
import { useMember } from './members-queries';

/** /members/:id: name, badges, presence. */
export const MemberPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { network, member: me } = useSignedIn();
  const nameOf = useMemberName();
  const load = loadOf(useMember(id));
  usePageTitle(load.phase === 'loaded' ? 'members.page_title' : 'members.title', {
    name: load.phase === 'loaded' ? nameOf(load.data) : '',
  });

  if (load.phase === 'loading') {
    return (
      <section className="page">
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      </section>
    );
  }
  if (load.phase === 'failed') {
    return (
      <section className="page" data-testid="member-not-found">
        <EmptyState title={load.errorKey === 'not_found' ? 'members.not_found' : `errors.${load.errorKey}`}>
          <Link className="button" to="/directory/members">
            {t('members.back_to_directory')}
          </Link>
        </EmptyState>
      </section>
    );
  }

  // one's own status follows the session (updated by the status form as well as by pushes)
  const member = load.data.id === me.id ? withStatus(load.data, me.status) : load.data;
  const showPresence = network.show_online_status !== 'disabled';
  return (
    <section className="page member-page" data-testid="member-page">
      <div className="member-card">
        <Avatar member={member} size="large" />
        <div className="member-card__body">
          <h1 className="member-card__name" data-testid="member-name">
            {nameOf(member)}
          </h1>
          <MemberBadges member={member} />
          {showPresence ? (
            <p className="member-card__presence">
              <PresenceDot status={member.status} withLabel />
              {member.status?.text ? <span className="member-card__status-text"> · {member.status.text}</span> : null}
            </p>
          ) : null}
          {member.email ? (
            <p className="muted">
              <a href={`mailto:${member.email}`}>{member.email}</a>
            </p>
          ) : null}
          {member.age !== undefined ? (
            <p className="muted" data-testid="member-age">
              {t('members.age', { count: member.age })}
            </p>
          ) : null}
          <p className="member-card__actions" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {member.can?.update_profile ? (
              <Link className="button" to={`/members/${member.id}/edit`} data-testid="edit-profile">
                {t('members.edit.link')}
              </Link>
            ) : null}
            {member.can?.request_changes ? (
              <Link className="button button--quiet" to={`/members/${member.id}/change_requests/new`} data-testid="request-change">
                {t('members.change_request.link')}
              </Link>
            ) : null}
            {member.id === me.id ? (
              <Link className="button button--quiet" to={`/members/${member.id}/ignored`} data-testid="ignored-members-link">
                {t('members.ignore.title')}
              </Link>
            ) : null}
            {member.id !== me.id ? <FollowButton memberId={member.id} /> : null}
            {member.can?.ignore ? <IgnoreButton memberId={member.id} /> : null}
          </p>
        </div>
      </div>
      {member.id === me.id ? <FollowingList memberId={me.id} /> : null}
    </section>
  );
};
