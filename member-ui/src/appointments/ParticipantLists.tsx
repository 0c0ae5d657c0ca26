import { PARTICIPANT_THUMBNAILS_MAX, type ParticipantDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar } from '../common/Avatar';
import { groupParticipants, startsCollapsed, type ParticipantGroup } from './participant-rules';

const avatarMember = (participant: ParticipantDto) => ({
  id: participant.membership.id,
  first_name: participant.membership.first_name,
  last_name: participant.membership.last_name,
  displayName: participant.membership.name,
  images: participant.membership.images,
});

const Group = ({ group }: { group: ParticipantGroup }) => {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(() => startsCollapsed(group, window.innerWidth));
  const title = group.title ?? t('appointments.participants.guests');
  return (
    <section className="participant-group" data-testid="participant-group" data-group={group.id}>
      <button type="button" className="participant-group__toggle" aria-expanded={!collapsed} onClick={() => setCollapsed((value) => !value)}>
        <span>{title}</span>
        <span className="muted" data-testid="accepted-count">
          {t('appointments.participants.accepted_count', { count: group.accepted, total: group.participants.length })}
        </span>
      </button>
      <div className="participant-thumbnails" aria-hidden="true">
        {group.participants
          .filter((participant) => participant.status === 'accepted')
          .slice(0, PARTICIPANT_THUMBNAILS_MAX)
          .map((participant) => (
            <Avatar key={participant.id} member={avatarMember(participant)} size="small" />
          ))}
      </div>
      {collapsed ? null : (
        <ul className="participant-list">
          {group.participants.map((participant) => (
            <li key={participant.id} data-testid="participant" data-status={participant.status} data-member-id={participant.membership.id}>
              <Avatar member={avatarMember(participant)} size="small" />
              <Link to={participant.membership.path}>{participant.membership.name}</Link>
              <span className={`status-tag status-tag--${participant.status}`}>{t(`appointments.status.${participant.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/** Participant lists grouped by role, sorted by status and name, collapsible. */
export const ParticipantLists = ({ participants, invitedConsumers, teamsOnly }: { participants: ParticipantDto[]; invitedConsumers: number; teamsOnly: number }) => {
  const { t } = useTranslation();
  const groups = groupParticipants(participants);
  return (
    <div className="participants-list" data-testid="participants-list">
      {groups.length === 0 ? <p className="muted">{t('appointments.participants.none')}</p> : null}
      {groups.map((group) => (
        <Group key={group.id} group={group} />
      ))}
      {invitedConsumers > 0 ? <p className="muted">{t('appointments.participants.consumers', { count: invitedConsumers })}</p> : null}
      {teamsOnly > 0 ? <p className="muted">{t('appointments.participants.teams_only', { count: teamsOnly })}</p> : null}
    </div>
  );
};
