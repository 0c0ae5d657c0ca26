import type { AppointmentDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { ParticipantLists } from '../ParticipantLists';

/** The participants, for who may see them. */
export const ParticipantsBlock = ({ appointment }: { appointment: AppointmentDto }) => {
  const { t } = useTranslation();
  if (!appointment.can.show_attendees) return null;
  return (
    <section className="detail-block" data-testid="detail-participants">
      <h2>{t('appointments.participants.title')}</h2>
      <ParticipantLists
        participants={appointment.participants}
        invitedConsumers={appointment.invited_consumers}
        teamsOnly={appointment.teams_configuration.teams_only_participants_count}
      />
    </section>
  );
};
