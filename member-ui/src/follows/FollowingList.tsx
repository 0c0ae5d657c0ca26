import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFollowing } from './follows-queries';

/** Whom the member follows (their own profile only), last followed first; erased members are left out by the server. */
export const FollowingList = ({ memberId }: { memberId: string }) => {
  const { t } = useTranslation();
  const following = useFollowing(memberId);
  return (
    <section className="following" data-testid="following-list" aria-labelledby="following-title">
      <h2 id="following-title">{t('follows.title')}</h2>
      {following.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {following.isError ? <p role="alert">{t('follows.unavailable')}</p> : null}
      {following.data && following.data.members.length === 0 ? <p className="muted">{t('follows.empty')}</p> : null}
      {following.data && following.data.members.length > 0 ? (
        <ul>
          {following.data.members.map((member) => (
            <li key={member.id} data-testid="following-entry">
              <Link to={member.path}>{member.name}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
};
