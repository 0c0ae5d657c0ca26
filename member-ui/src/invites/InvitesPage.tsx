import { INVITE_TABS, type InviteDto, type InvitesResponse, type ParticipationsResponse } from '@cn/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { EmptyState } from '../common/EmptyState';
import { usePageTitle } from '../common/usePageTitle';
import { formatRange } from '../appointments/format';
import { useSession } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { invitesApi } from './invites-api';
import { isParticipationTab, rowOfInvite, rowOfParticipation, type InviteRow } from './invite-rows';
import '../appointments/appointments.css';
import { LoadStatus } from '../shell/LoadStatus';

type InviteTab = (typeof INVITE_TABS)[number];
type Load = { phase: 'loading' } | { phase: 'failed'; errorKey: string } | { phase: 'loaded'; rows: InviteRow[]; next: string | null };
type Page = { rows: InviteRow[]; next: string | null; openCount: number | null };

const inviteRows = (response: InvitesResponse): Page => ({ rows: response.invites.map(rowOfInvite), next: response.next, openCount: response.open_count });
const participationRows = (response: ParticipationsResponse): Page => ({ rows: response.participations.map(rowOfParticipation), next: response.next, openCount: null });

const tabOf = (value: string | null): InviteTab => (INVITE_TABS as readonly string[]).includes(value ?? '') ? (value as InviteTab) : 'open';

/**
 * /appointments/invites: tabs by status with 'load more', accept or reject in the open tab. The accepted and declined
 * tabs list the member's participations (GET /api/v1/participations, 20 a page); the others their invites (50 a page).
 */
export const InvitesPage = () => {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const toasts = useToasts();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [openCount, setOpenCount] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  usePageTitle('invites.title');

  useEffect(() => {
    let current = true;
    setLoad({ phase: 'loading' });
    const calls = invitesApi(api);
    const first: Promise<Page> = isParticipationTab(tab) ? calls.participations(tab).then(participationRows) : calls.list(tab).then(inviteRows);
    first
      .then((page) => {
        if (!current) return;
        setLoad({ phase: 'loaded', rows: page.rows, next: page.next });
        if (page.openCount !== null) setOpenCount(page.openCount);
      })
      .catch((error: unknown) => {
        if (current) setLoad({ phase: 'failed', errorKey: errorKeyOf(error) });
      });
    return () => {
      current = false;
    };
  }, [api, tab, attempt]);

  // the participations do not count open invites: the badge asks on its own when the page opens on such a tab
  const participationTab = isParticipationTab(tab);
  useEffect(() => {
    if (!participationTab || openCount !== null) return undefined;
    let current = true;
    invitesApi(api)
      .openCount()
      .then((count) => {
        if (current) setOpenCount(count);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, participationTab, openCount]);

  const loadMore = useCallback(
    (url: string) => {
      const calls = invitesApi(api);
      const more: Promise<Page> = isParticipationTab(tab) ? calls.nextParticipations(url).then(participationRows) : calls.next(url).then(inviteRows);
      more
        .then((page) =>
          setLoad((previous) => (previous.phase === 'loaded' ? { phase: 'loaded', rows: [...previous.rows, ...page.rows], next: page.next } : previous)),
        )
        .catch(() => toasts.show('error', 'errors.generic_error'));
    },
    [api, tab, toasts],
  );

  const answer = async (invite: InviteDto, accept: boolean) => {
    setBusy(invite.id);
    try {
      const calls = invitesApi(api);
      await (accept ? calls.accept(invite.id) : calls.reject(invite.id));
      toasts.show('success', accept ? 'invites.accepted' : 'invites.rejected');
      setAttempt((value) => value + 1);
    } catch (error) {
      toasts.show('error', `errors.${errorKeyOf(error)}`);
    } finally {
      setBusy(null);
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
      <LoadStatus load={load} onRetry={() => setAttempt((value) => value + 1)} />
      {load.phase === 'loaded' && load.rows.length === 0 ? (
        <EmptyState title={`invites.empty.${tab}`} text="invites.empty_text" testId="invites-empty" />
      ) : null}
      {load.phase === 'loaded' && load.rows.length > 0 ? (
        <ul className="invite-list" data-testid="invite-list">
          {load.rows.map(({ invite, ...row }) => (
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
      {load.phase === 'loaded' && load.next ? (
        <button type="button" className="button button--quiet" data-testid="invites-load-more" onClick={() => loadMore(load.next ?? '')}>
          {t('invites.load_more')}
        </button>
      ) : null}
    </section>
  );
};
