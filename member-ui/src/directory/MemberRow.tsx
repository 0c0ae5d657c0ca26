import type { MemberDto } from '@cn/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '../common/Avatar';
import { MemberBadges, useMemberName } from '../members/MemberBadges';
import { PresenceDot } from '../presence/PresenceDot';

export const MemberRow = ({ member, showPresence }: { member: MemberDto; showPresence: boolean }) => {
  const nameOf = useMemberName();
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
    </li>
  );
};
