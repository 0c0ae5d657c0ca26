import type { MemberDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar } from '../common/Avatar';
import { MemberBadges, useMemberName } from '../members/MemberBadges';
import { PresenceDot } from '../presence/PresenceDot';

/** The group invite page with this member already picked (the group's own rules decide the invite). */
const invitePath = (member: MemberDto): string => `/invites/new?${new URLSearchParams({ member_id: member.id, member_name: member.displayName }).toString()}`;

/** A directory row: name, presence, badges, and an invite button by can.invite_internal / can.invite_external. */
export const MemberRow = ({ member, showPresence }: { member: MemberDto; showPresence: boolean }) => {
  const { t } = useTranslation();
  const nameOf = useMemberName();
  const invite = member.can?.invite_internal ? 'internal' : member.can?.invite_external ? 'external' : null;
  return (
    <li className="member-row" data-testid="member-row" data-member-id={member.id}>
      <span className="member-row__avatar">
        <Avatar member={member} />
        {showPresence ? <PresenceDot status={member.status} /> : null}
      </span>
      <span className="member-row__main">
        <Link to={member.path || `/members/${member.id}`} className="member-row__name">
          {nameOf(member)}
        </Link>
        {member.status?.text && showPresence ? <span className="member-row__status">{member.status.text}</span> : null}
      </span>
      <MemberBadges member={member} />
      {invite ? (
        <Link className="button button--quiet member-row__invite" to={invitePath(member)} data-testid={`member-invite-${invite}`}>
          {t(`members.invite.${invite}`)}
        </Link>
      ) : null}
    </li>
  );
};
