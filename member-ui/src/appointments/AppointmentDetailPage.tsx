import { APPOINTMENTS_TOPIC } from '@cn/contracts';
import type { AppointmentDto, NetworkResponse } from '@cn/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { EmptyState } from '../common/EmptyState';
import { refusalMessageKey } from '../i18n/refusal-message';
import { usePageTitle } from '../common/usePageTitle';
import { useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { shownTexts } from './appointment-translation';
import { TranslationSelector, useAppointmentTranslation } from './AppointmentTranslation';
import { useAppointment, useAppointmentCategories, useAppointmentCommands, useLoadTranslation } from './appointments-queries';
import { DescriptionAndFiles } from './detail/DescriptionAndFiles';
import { DetailActions } from './detail/DetailActions';
import { DetailAlerts } from './detail/DetailAlerts';
import { DetailDownloads } from './detail/DetailDownloads';
import { DetailFacts } from './detail/DetailFacts';
import { DetailHeader } from './detail/DetailHeader';
import { MeetingBlock } from './detail/MeetingBlock';
import { ParticipantsBlock } from './detail/ParticipantsBlock';
import { RsvpBlock } from './detail/RsvpBlock';
import { TimeAndPlace } from './detail/TimeAndPlace';
import { rsvpOf } from './rsvp-rules';
import { viewerTimeZone } from './zoned-time';
import './appointments.css';
import { useLiveTopic } from '../realtime/LiveQueries';

/** The network setting member.opt_retroactively: expired open invites may still be answered. */
const optRetroactivelyOf = (network: NetworkResponse['network']): boolean => network.opt_retroactively;

const Detail = ({ appointment }: { appointment: AppointmentDto }) => {
  const { t, i18n } = useTranslation();
  const { member, network, can: networkCan } = useSignedIn();
  const toasts = useToasts();
  const navigate = useNavigate();
  const viewerZone = useMemo(viewerTimeZone, []);
  const id = appointment.id;
  const commands = useAppointmentCommands(id);
  const busy = Object.values(commands).some((command) => command.isPending);
  const now = new Date();
  const optRetroactively = optRetroactivelyOf(network);
  const rsvp = rsvpOf(appointment, member.id, now, optRetroactively);

  const loadTranslation = useLoadTranslation(id, appointment.updated_at);
  const translationFailed = useCallback(() => toasts.show('error', 'appointments.errors.translation_failed'), [toasts]);
  const translation = useAppointmentTranslation({ version: `${id}|${appointment.updated_at}`, load: loadTranslation, onFailure: translationFailed });
  const shown = shownTexts(appointment, translation.state);
  const shownLanguage = translation.state.phase === 'translated' ? translation.state.language : undefined;

  const categories = useAppointmentCategories(appointment.category !== null);
  const category = categories.find((entry) => entry.id === appointment.category);
  const categoryLabel = category ? (category.custom ? category.label : t(`appointments.categories.${category.id}`, { defaultValue: category.label })) : null;

  /** a command, its toast, and the server's reason (`'server'`) or a fixed message when refused */
  const run = async <T,>(command: Promise<T>, success: string | null, failure = 'errors.generic_error') => {
    try {
      await command;
      if (success) toasts.show('success', success);
    } catch (error) {
      toasts.show('error', failure === 'server' ? refusalMessageKey(i18n, errorKeyOf(error), ['appointments.rsvp.notice', 'appointments.errors']) : failure);
    }
  };

  /** the meeting opens in a new tab, opened at once so that the browser does not take it for a pop-up */
  const startMeeting = async () => {
    const tab = window.open('', '_blank');
    try {
      const { join_url } = await commands.startMeeting.mutateAsync();
      if (join_url && tab) tab.location.href = join_url;
      else tab?.close();
      toasts.show('success', 'appointments.meeting_start.started');
    } catch (error) {
      tab?.close();
      toasts.show('error', errorKeyOf(error) === 'no_meeting' ? 'appointments.errors.no_meeting' : 'appointments.meeting_start.failed');
    }
  };

  const destroy = async () => {
    try {
      await commands.destroy.mutateAsync();
      toasts.show('success', 'appointments.actions.deleted');
      void navigate('/appointments');
    } catch {
      toasts.show('error', 'errors.generic_error');
    }
  };

  return (
    <article className="appointment-detail" data-testid="appointment-detail" data-appointment-id={id}>
      <DetailHeader
        appointment={appointment}
        name={shown.name}
        language={shownLanguage}
        translation={
          network.features.translations ? (
            <TranslationSelector state={translation.state} lastUsed={translation.lastUsed} onTranslate={translation.translate} onShowOriginal={translation.showOriginal} />
          ) : null
        }
      />
      {/* the member's own answer comes first, above the fold on a phone too */}
      <RsvpBlock
        appointment={appointment}
        rsvp={rsvp}
        busy={busy}
        onAnswer={(status) => void run(commands.answer.mutateAsync(status), `appointments.rsvp.saved.${status}`, 'server')}
        onWaitlist={(join) =>
          void run(commands.waitlist.mutateAsync(join), join ? 'appointments.rsvp.waitlist_joined' : 'appointments.rsvp.waitlist_left', 'server')
        }
      />
      <div className="appointment-detail__columns">
        <div className="appointment-detail__main">
          <DetailAlerts appointment={appointment} now={now} viewerZone={viewerZone} optRetroactively={optRetroactively} />
          <TimeAndPlace appointment={appointment} viewerZone={viewerZone} />
          <MeetingBlock appointment={appointment} memberId={member.id} canCreateMeetings={networkCan.create_meetings} busy={busy} onStartMeeting={() => void startMeeting()} />
          <DescriptionAndFiles appointment={appointment} description={shown.description} language={shownLanguage} />
          <DetailFacts appointment={appointment} categoryLabel={categoryLabel} />
        </div>
        <aside className="appointment-detail__side">
          <DetailActions
            appointment={appointment}
            busy={busy}
            onToggleLock={(locked) =>
              void run(commands.toggleLock.mutateAsync(locked), locked ? 'appointments.actions.locked' : 'appointments.actions.unlocked', 'appointments.actions.lock_failed')
            }
            onCancel={() => void run(commands.cancel.mutateAsync(), 'appointments.actions.canceled')}
            onDelete={() => void destroy()}
          />
          <DetailDownloads appointment={appointment} />
          <ParticipantsBlock appointment={appointment} />
        </aside>
      </div>
    </article>
  );
};

/** /appointments/:id */
export const AppointmentDetailPage = () => {
  useLiveTopic(APPOINTMENTS_TOPIC);
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { load, reload } = useAppointment(id);
  usePageTitle(load.phase === 'loaded' ? 'appointments.detail.page_title' : 'appointments.title', {
    name: load.phase === 'loaded' ? load.appointment.name : '',
  });
  if (load.phase === 'loading') {
    return (
      <p className="muted" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (load.phase === 'failed') {
    return load.errorKey === 'not_found' ? (
      <EmptyState title="appointments.detail.not_found_title" text="appointments.detail.not_found_text" testId="appointment-not-found" />
    ) : (
      <div className="alert alert--error" role="alert">
        {t(`errors.${load.errorKey}`)}
        <button type="button" className="button button--quiet" onClick={reload}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <section className="page page--wide">
      <Detail appointment={load.appointment} />
    </section>
  );
};
