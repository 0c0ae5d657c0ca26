import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { loadOf } from '../api/load';
import { Avatar } from '../common/Avatar';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { useMemberName } from './MemberBadges';
import { useIgnoredMembers, useIgnoreMember } from './members-queries';

/** /members/:id/ignored: the members one ignores, each with a button to stop; only one's own list exists. */
export const IgnoredMembersPage = () => {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { member: me } = useSignedIn();
  const own = id === me.id;
  const ignored = useIgnoredMembers(id, own);
  const unignore = useIgnoreMember(me.id);
  const toasts = useToasts();
  const nameOf = useMemberName();
  const load = loadOf(ignored);
  usePageTitle('members.ignore.title');

  const stop = async (memberId: string) => {
    try {
      await unignore.mutateAsync({ id: memberId, ignore: false });
      toasts.show('success', 'members.ignore.unignored');
    } catch (caught) {
      toasts.show('error', refusalMessageKey(i18n, errorKeyOf(caught), ['members.errors']));
    }
  };

  return (
    <section className="page" data-testid="ignored-members">
      <h1 className="page__title">{t('members.ignore.title')}</h1>
      {!own ? (
        <EmptyState title="errors.forbidden" testId="ignored-members-forbidden" />
      ) : load.phase !== 'loaded' ? (
        <LoadStatus load={load} onRetry={() => void ignored.refetch()} testId="ignored-members" />
      ) : load.data.members.length === 0 ? (
        <EmptyState title="members.ignore.empty_title" text="members.ignore.empty_text" testId="ignored-members-empty" />
      ) : (
        <ul className="member-list">
          {load.data.members.map((member) => (
            <li key={member.id} className="member-row" data-testid="ignored-member">
              <span className="member-row__avatar">
                <Avatar member={member} />
              </span>
              <span className="member-row__main">
                <Link to={member.path} className="member-row__name">
                  {nameOf(member)}
                </Link>
              </span>
              <button type="button" className="button button--quiet" disabled={unignore.isPending} onClick={() => void stop(member.id)}>
                {t('members.ignore.unignore')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
