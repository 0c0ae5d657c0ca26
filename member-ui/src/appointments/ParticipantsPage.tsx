import { type ApplyTo, type AppointmentDto, APPOINTMENTS_TOPIC, isOccurrenceId, type ParticipantStatus } from '@cn/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { addedSummary } from './added-summary';
import { GroupPicker, RolePicker } from './GroupAndRolePickers';
import { MemberPicker, type PickedMember } from './MemberPicker';
import type { PickerOption } from './SearchPicker';
import { compareParticipants } from './participant-rules';
import { useAppointment, useParticipantCommands } from './appointments-queries';
import './appointments.css';
import { useLiveTopic } from '../realtime/LiveQueries';

/** After adding participants the list refreshes at these delays (group members are added asynchronously). */
export const PARTICIPANT_REFRESH_DELAYS_MS = [3_000, 9_000, 18_000] as const;

const STATUSES: ParticipantStatus[] = ['invited', 'accepted', 'declined', 'rejected'];

const Manage = ({ appointment, reload }: { appointment: AppointmentDto; reload: () => void }) => {
  const { t, i18n } = useTranslation();
  const { state } = useSession();
  // external members may not list the network's groups and roles (GET /groups answers them 403)
  const external = state.phase === 'ready' && state.member?.is_external === true;
  const toasts = useToasts();
  const commands = useParticipantCommands(appointment.id);
  const busy = commands.add.isPending || commands.changeStatus.isPending || commands.remove.isPending;
  const occurrence = isOccurrenceId(appointment.id);
  const [applyTo, setApplyTo] = useState<ApplyTo>(occurrence ? 'this' : 'all');
  const [members, setMembers] = useState<PickedMember[]>([]);
  const [groups, setGroups] = useState<PickerOption[]>([]);
  const [roles, setRoles] = useState<PickerOption[]>([]);
  const [status, setStatus] = useState<ParticipantStatus>('invited');
  const [notify, setNotify] = useState(true);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const add = async () => {
    const participant = {
      membership_ids: members.map((member) => member.id),
      group_ids: groups.map((group) => group.id),
      membership_role_ids: roles.map((role) => role.id),
      status,
      send_email_notification: notify,
    };
    try {
      await commands.add.mutateAsync({ participant, apply_to: applyTo });
      const counts = { members: participant.membership_ids.length, groups: participant.group_ids.length, roles: participant.membership_role_ids.length };
      toasts.show('success', t('appointments.participants.added', { list: addedSummary(t, i18n.language, counts) }));
      setMembers([]);
      setGroups([]);
      setRoles([]);
      timers.current.forEach(clearTimeout);
      timers.current = PARTICIPANT_REFRESH_DELAYS_MS.map((delay) => setTimeout(reload, delay));
    } catch {
      toasts.show('error', 'errors.saving_failure');
    }
  };

  const change = async (command: () => Promise<unknown>) => {
    try {
      await command();
      toasts.show('success', 'appointments.participants.saved');
    } catch {
      toasts.show('error', 'errors.saving_failure');
    }
  };

  const participants = [...appointment.participants].sort(compareParticipants);
  return (
    <>
      {occurrence ? (
        <fieldset className="form-section" data-testid="participants-apply-to">
          <legend>{t('appointments.form.apply_to_question')}</legend>
          {(['this', 'all'] as const).map((value) => (
            <label key={value} className="check">
              <input type="radio" name="apply_to" value={value} checked={applyTo === value} onChange={() => setApplyTo(value)} />
              {t(`appointments.form.apply_to.${value}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <form
        className="form-section participants-add"
        data-testid="add-participants"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <h2>{t('appointments.participants.add')}</h2>
        <MemberPicker
          label={t('appointments.participants.members')}
          name="membership_ids"
          value={members}
          onChange={setMembers}
          excludeIds={appointment.participants.map((participant) => participant.membership.id)}
        />
        {external ? null : (
          <div className="participant-pickers">
            <GroupPicker value={groups} onChange={setGroups} />
            <RolePicker value={roles} onChange={setRoles} />
          </div>
        )}
        <div className="field-row">
          <label className="inline-field">
            {t('appointments.participants.initial_status')}
            <select name="status" value={status} onChange={(event) => setStatus(event.target.value as ParticipantStatus)}>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`appointments.status.${value}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="check">
          <input type="checkbox" name="send_email_notification" checked={notify} onChange={(event) => setNotify(event.target.checked)} />
          {t('appointments.participants.notify')}
        </label>
        <button type="submit" className="button" disabled={busy || members.length + groups.length + roles.length === 0} data-testid="add-participants-submit">
          {t('appointments.participants.add_submit')}
        </button>
      </form>
      <ul className="participant-list participant-list--manage" data-testid="participants-list">
        {participants.map((participant) => (
          <li key={participant.id} data-testid="participant" data-status={participant.status} data-member-id={participant.membership.id}>
            <Link to={participant.membership.path}>{participant.membership.name}</Link>
            <select
              aria-label={t('appointments.participants.status_of', { name: participant.membership.name })}
              data-testid="participant-status"
              value={participant.status === 'open' ? 'invited' : participant.status}
              disabled={busy}
              onChange={(event) =>
                void change(() =>
                  commands.changeStatus.mutateAsync({
                    participantId: participant.id === 'me' ? 'me' : participant.membership.id,
                    status: event.target.value as ParticipantStatus,
                    applyTo,
                  }),
                )
              }
            >
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`appointments.status.${value}`)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--quiet"
              disabled={busy}
              data-testid="remove-participant"
              onClick={() => void change(() => commands.remove.mutateAsync({ participantId: participant.id === 'me' ? 'me' : participant.membership.id, applyTo }))}
            >
              {t('appointments.participants.remove')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
};

/** /appointments/:id/participants */
export const ParticipantsPage = () => {
  useLiveTopic(APPOINTMENTS_TOPIC);
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { load, reload } = useAppointment(id);
  usePageTitle('appointments.participants.title');
  return (
    <section className="page" data-testid="appointment-participants">
      <p>
        <Link to={`/appointments/${encodeURIComponent(id)}`}>‹ {load.phase === 'loaded' ? load.appointment.name : t('appointments.title')}</Link>
      </p>
      <h1 className="page__title">{t('appointments.participants.title')}</h1>
      {load.phase === 'loading' ? <p className="muted">{t('common.loading')}</p> : null}
      {load.phase === 'failed' ? <div className="alert alert--error">{t(`errors.${load.errorKey}`)}</div> : null}
      {load.phase === 'loaded' ? <Manage appointment={load.appointment} reload={reload} /> : null}
    </section>
  );
};
