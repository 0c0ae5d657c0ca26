import type { MemberDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';

export const MemberBadges = ({ member }: { member: Pick<MemberDto, 'is_network_admin' | 'is_external' | 'deleted' | 'roles'> }) => {
  const { t } = useTranslation();
  return (
    <span className="badges">
      {member.is_network_admin ? (
        <span className="badge badge--admin" data-testid="badge-admin">
          {t('members.badges.admin')}
        </span>
      ) : null}
      {member.is_external ? (
        <span className="badge badge--external" data-testid="badge-external">
          {t('members.badges.external')}
        </span>
      ) : null}
      {member.deleted ? <span className="badge">{t('members.badges.deleted')}</span> : null}
      {(member.roles ?? []).map((role) => (
        <span key={role.id} className="badge badge--role" data-testid="badge-role">
          {role.name}
        </span>
      ))}
    </span>
  );
};

/** The erased member's name arrives as the fallback key; everyone else's as typed. */
export const useMemberName = () => {
  const { t } = useTranslation();
  return (member: Pick<MemberDto, 'displayName' | 'deleted'>): string =>
    member.deleted ? t('members.deleted_member') : member.displayName;
};
