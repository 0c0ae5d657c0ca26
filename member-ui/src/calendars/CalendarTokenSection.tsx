import type { CalendarTokenIssued, CommandAccepted } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession, useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { storeCalendarToken, storedCalendarToken } from './calendar-token';
import { useSubscriptions, WebcalList } from './CalendarsSubscribePage';
import './calendars.css';

/** The calendar-token part of /users/edit: create (or renew) and revoke the webcal token. */
export const CalendarTokenSection = () => {
  const { t } = useTranslation();
  const { api } = useSession();
  const { member } = useSignedIn();
  const toasts = useToasts();
  const [token, setToken] = useState(() => storedCalendarToken(member.id));
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const load = useSubscriptions(version);
  const feeds = load.phase === 'loaded' && 'feeds' in load.subscriptions ? load.subscriptions.feeds : [];

  const issue = async () => {
    setBusy(true);
    try {
      const answer = await api.request<CalendarTokenIssued>('POST', '/users/calendar_token');
      storeCalendarToken(member.id, answer.token);
      setToken(answer.token);
      setVersion((value) => value + 1);
      toasts.show('success', 'calendars.token_created');
    } catch {
      toasts.show('error', 'errors.generic_error');
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!window.confirm(t('calendars.token_revoke_confirm'))) return;
    setBusy(true);
    try {
      await api.request<CommandAccepted>('DELETE', '/users/calendar_token');
      storeCalendarToken(member.id, null);
      setToken(null);
      setVersion((value) => value + 1);
      toasts.show('success', 'calendars.token_revoked');
    } catch {
      toasts.show('error', 'errors.generic_error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="detail-block" id="calendar-token" data-testid="calendar-token-section">
      <h2>{t('calendars.token_title')}</h2>
      <p className="muted">{t('calendars.token_text')}</p>
      <div className="form-actions">
        <button type="button" className="button" disabled={busy} data-testid="create-calendar-token" onClick={() => void issue()}>
          {t(token ? 'calendars.token_renew' : 'calendars.token_create')}
        </button>
        {token ? (
          <button type="button" className="button button--quiet" disabled={busy} data-testid="revoke-calendar-token" onClick={() => void revoke()}>
            {t('calendars.token_revoke')}
          </button>
        ) : null}
      </div>
      {token ? (
        <>
          <WebcalList feeds={feeds} token={token} />
          <Link to="/calendars/subscribe">{t('calendars.subscribe_title')}</Link>
        </>
      ) : null}
    </section>
  );
};
