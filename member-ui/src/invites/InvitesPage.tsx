import { INVITE_TABS, type InviteDto } from '@cn/contracts';
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
import '../appointments/appointments.css';

type InviteTab = (typeof INVITE_TABS)[number];
type Load = { phase: 'loading' } | { phase: 'failed'; errorKey: string } | { phase: 'loaded'; invites: InviteDto[]; next: string | null };

const tabOf = (value: string | null): InviteTab => (INVITE_TABS as readonly string[]).includes(value ?? '') ? (value as InviteTab) : 'open';

/** /appointments/invites: tabs by status, 50 a page with 'load more', accept or reject in the open tab. */
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
    invitesApi(api)
      .list(tab)
      .then((response) => {
        if (!current) return;
        setLoad({ phase: 'loaded', invites: response.invites, next: response.next });
        setOpenCount(response.open_count);
      })
      .catch((error: unknown) => {
        if (current) setLoad({ phase: 'failed', errorKey: errorKeyOf(error) });
      });
    return () => {
      current = false;
    };
  }, [api, tab, attempt]);

  const loadMore = useCallback(
    (url: string) => {
      invitesApi(api)
        .next(url)
        .then((response) =>
          setLoad((previous) =>
            previous.phase === 'loaded' ? { phase: 'loaded', invites: [...previous.invites, ...response.invites], next: response.next } : previous,
          ),
        )
        .catch(() => toasts.show('error', 'errors.generic_error'));
    },
    [api, toasts],
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
      {load.phase === 'loading' ? <p className="muted">{t('common.loading')}</p> : null}
      {load.phase === 'failed' ? (
        <div className="alert alert--error" role="alert">
          {t(`errors.${load.errorKey}`)}{' '}
          <button type="button" className="button button--quiet" onClick={() => setAttempt((value) => value + 1)}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {load.phase === 'loaded' && load.invites.length === 0 ? (
        <EmptyState title={`invites.empty.${tab}`} text="invites.empty_text" testId="invites-empty" />
      ) : null}
      {load.phase === 'loaded' && load.invites.length > 0 ? (
        <ul className="invite-list" data-testid="invite-list">
          {load.invites.map((invite) => (
            <li key={invite.id} className="invite" data-testid="invite" data-invite-id={invite.id} data-appointment-id={invite.appointment.id}>
              <div className="invite__main">
                <Link to={`/appointments/${encodeURIComponent(invite.appointment.id)}`} className={invite.appointment.status === 'canceled' ? 'appointment--canceled' : ''}>
                  {invite.appointment.name}
                </Link>
                <span className="muted">{formatRange(invite.appointment.date, i18n.language)}</span>
                {invite.invited_by ? <span className="muted">{t('appointments.detail.invited_by', { name: invite.invited_by.name })}</span> : null}
              </div>
              {tab === 'open' && invite.status === 'open' ? (
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
                <span className={`status-tag status-tag--${invite.status}`}>{t(`invites.status.${invite.status}`)}</span>
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
