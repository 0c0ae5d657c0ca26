import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { usePageTitle } from '../common/usePageTitle';
import { useSession, useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { calendarsApi, type CalendarSubscriptions } from './calendars-api';
import { storedCalendarToken, webcalUrlWithToken } from './calendar-token';
import './calendars.css';

type Feeds = Extract<CalendarSubscriptions, { feeds: unknown }>['feeds'];

export const WebcalList = ({ feeds, token }: { feeds: Feeds; token: string }) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toasts.show('success', 'calendars.webcal_url_copied');
    } catch {
      toasts.show('error', 'errors.generic_error');
    }
  };
  return (
    <ul className="webcal-list" data-testid="webcal-list">
      {feeds.map((feed) => {
        const url = webcalUrlWithToken(feed.webcal_url, token);
        return (
          <li key={feed.collection} className="webcal-row" data-testid="webcal-row" data-collection={feed.collection}>
            <strong>{t(`calendars.collections.${feed.collection}`)}</strong>
            <a href={url} className="webcal-row__url" data-testid="webcal-url">
              {url}
            </a>
            <button type="button" className="button button--quiet" data-testid="copy-webcal-url" onClick={() => void copy(url)}>
              {t('appointments.detail.copy')}
            </button>
          </li>
        );
      })}
    </ul>
  );
};

type Load = { phase: 'loading' } | { phase: 'failed'; errorKey: string } | { phase: 'loaded'; subscriptions: CalendarSubscriptions };

export const useSubscriptions = (version: number) => {
  const { api } = useSession();
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  useEffect(() => {
    let current = true;
    calendarsApi(api)
      .subscriptions()
      .then((subscriptions) => {
        if (current) setLoad({ phase: 'loaded', subscriptions });
      })
      .catch((error: unknown) => {
        if (current) setLoad({ phase: 'failed', errorKey: errorKeyOf(error) });
      });
    return () => {
      current = false;
    };
  }, [api, version]);
  return load;
};

/** /calendars/subscribe: webcal URLs per collection, or a link to /users/edit to create the token. */
export const CalendarsSubscribePage = () => {
  const { t } = useTranslation();
  const { member } = useSignedIn();
  const load = useSubscriptions(0);
  const token = storedCalendarToken(member.id);
  usePageTitle('calendars.subscribe_title');
  const subscriptions = load.phase === 'loaded' ? load.subscriptions : null;
  return (
    <section className="page" data-testid="calendars-subscribe">
      <h1 className="page__title">{t('calendars.subscribe_title')}</h1>
      <p className="muted">{t('calendars.subscribe_text')}</p>
      {load.phase === 'loading' ? <p className="muted">{t('common.loading')}</p> : null}
      {load.phase === 'failed' ? <div className="alert alert--error">{t(`errors.${load.errorKey}`)}</div> : null}
      {subscriptions && 'feeds' in subscriptions && token ? <WebcalList feeds={subscriptions.feeds} token={token} /> : null}
      {subscriptions && !('feeds' in subscriptions && token) ? (
        <div className="alert" data-testid="calendar-token-missing">
          <p>{t('feeds' in subscriptions ? 'calendars.token_elsewhere' : 'calendars.token_missing')}</p>
          <Link className="button" to={`${subscriptions.edit_url}#calendar-token`} data-testid="create-token-link">
            {t('calendars.token_create_link')}
          </Link>
        </div>
      ) : null}
    </section>
  );
};
