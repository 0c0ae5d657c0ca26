import { APPOINTMENTS_TOPIC, INVITE_TABS, type InviteDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { loadOf, mapLoad } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { formatRange } from '../appointments/format';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useToasts } from '../toasts/Toasts';
import { useAnswerInvite, useInvitesTab, useOpenInvitesCount, type InviteTab } from './invites-queries';
import '../appointments/appointments.css';
import { useLiveTopic } from '../realtime/LiveQueries';

const tabOf = (value: string | null): InviteTab => (INVITE_TABS as readonly string[]).includes(value ?? '') ? (value as InviteTab) : 'open';

/**
 * /appointments/invites: tabs by status with 'load more', accept or reject in the open tab. The accepted and declined
 * tabs list the member's participations (GET /api/v1/participations, 20 a page); the others their invites (50 a page).
 */
export const InvitesPage = () => {
  useLiveTopic(APPOINTMENTS_TOPIC);
  const { t, i18n } = useTranslation();
  const toasts = useToasts();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const invites = useInvitesTab(tab);
  const openCount = useOpenInvitesCount(tab);
  const answerInvite = useAnswerInvite();
  const busy = answerInvite.isPending ? answerInvite.variables.id : null;
  usePageTitle('invites.title');

  // a failed 'load more' keeps the rows shown and says so in a toast
  const load = mapLoad(loadOf(invites.isFetchNextPageError ? { ...invites, status: 'success' } : invites), ({ pages }) => ({
    rows: pages.flatMap((page) => page.rows),
    next: pages.at(-1)?.next ?? null,
  }));

  const loadMore = () => {
    void invites.fetchNextPage().then((result) => {
      if (result.isError) toasts.show('error', 'errors.generic_error');
    });
  };

  const answer = async (invite: InviteDto, accept: boolean) => {
    try {
      await answerInvite.mutateAsync({ id: invite.id, accept });
      toasts.show('success', accept ? 'invites.accepted' : 'invites.rejected');
    } catch (error) {
      toasts.show('error', refusalMessageKey(i18n, errorKeyOf(error), ['appointments.rsvp.notice']));
    }
  };

  return (
    <section className="page" data-testid="invites-page">
      <h1 className="page__title">{t('invites.title')}</h1>
      <nav className="tabs" role="tablist" aria-label={t('invites.tabs_label')}>
        {INVITE_TABS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            className={`tab tab--button ${tab === value ? 'active' : ''}`}
            data-testid={`invites-tab-${value}`}
            onClick={() => setParams(value === 'open' ? {} : { tab: value })}
          >
            {t(`invites.tabs.${value}`)}
            {value === 'open' && openCount !== null && openCount > 0 ? (
              <span className="count-badge" data-testid="open-count-badge">
                {openCount}
              </span>
            ) : null}
          </button>
        ))}
      </nav>
      <LoadStatus load={load} onRetry={() => void invites.refetch()} />
      {load.phase === 'loaded' && load.data.rows.length === 0 ? (
        <EmptyState title={`invites.empty.${tab}`} text="invites.empty_text" testId="invites-empty" />
      ) : null}
      {load.phase === 'loaded' && load.data.rows.length > 0 ? (
        <ul className="invite-list" data-testid="invite-list">
          {load.data.rows.map(({ invite, ...row }) => (
            <li key={row.key} className="invite" data-testid="invite" data-invite-id={invite?.id} data-appointment-id={row.appointmentId}>
              <div className="invite__main">
                <Link to={`/appointments/${encodeURIComponent(row.appointmentId)}`} className={row.canceled ? 'appointment--canceled' : ''}>
                  {row.name}
                </Link>
                <span className="muted">{formatRange(row.date, i18n.language)}</span>
                {row.invitedBy ? <span className="muted">{t('appointments.detail.invited_by', { name: row.invitedBy })}</span> : null}
              </div>
              {tab === 'open' && invite?.status === 'open' ? (
                invite.appointment.participation_locked ? (
                  <span className="muted" data-testid="rsvp-notice">
                    {t('appointments.rsvp.notice.participation_locked')}
                  </span>
                ) : (
                  <div className="rsvp__buttons">
                    <button type="button" className="button" disabled={busy === invite.id} data-testid="rsvp-accept" onClick={() => void answer(invite, true)}>
                      {t('appointments.rsvp.accept')}
                    </button>
                    <button type="button" className="button button--secondary" disabled={busy === invite.id} data-testid="rsvp-reject" onClick={() => void answer(invite, false)}>
                      {t('appointments.rsvp.reject')}
                    </button>
                  </div>
                )
              ) : (
                <span className={`status-tag status-tag--${row.status}`}>{t(`invites.status.${row.status}`)}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {load.phase === 'loaded' && load.data.next ? (
        <button type="button" className="button button--quiet" data-testid="invites-load-more" onClick={loadMore}>
          {t('invites.load_more')}
        </button>
      ) : null}
    </section>
  );
};
