import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { storeCalendarToken, storedCalendarToken } from './calendar-token';
import { useCalendarSubscriptions, useCalendarTokenCommands } from './calendars-queries';
import { WebcalList } from './WebcalList';
import './calendars.css';

/** The calendar-token part of /users/edit: create (or renew) and revoke the webcal token. */
export const CalendarTokenSection = () => {
  const { t } = useTranslation();
  const { member } = useSignedIn();
  const toasts = useToasts();
  const [token, setToken] = useState(() => storedCalendarToken(member.id));
  const commands = useCalendarTokenCommands();
  const busy = commands.issue.isPending || commands.revoke.isPending;
  const subscriptions = useCalendarSubscriptions().data;
  const feeds = subscriptions && 'feeds' in subscriptions ? subscriptions.feeds : [];

  const issue = async () => {
    try {
      const answer = await commands.issue.mutateAsync();
      storeCalendarToken(member.id, answer.token);
      setToken(answer.token);
      toasts.show('success', 'calendars.token_created');
    } catch {
      toasts.show('error', 'errors.generic_error');
    }
  };

  const revoke = async () => {
    if (!window.confirm(t('calendars.token_revoke_confirm'))) return;
    try {
      await commands.revoke.mutateAsync();
      storeCalendarToken(member.id, null);
      setToken(null);
      toasts.show('success', 'calendars.token_revoked');
    } catch {
      toasts.show('error', 'errors.generic_error');
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
