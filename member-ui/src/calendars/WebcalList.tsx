import { useTranslation } from 'react-i18next';
import { useToasts } from '../toasts/Toasts';
import type { CalendarSubscriptions } from './calendars-api';
import { webcalUrlWithToken } from './calendar-token';

type Feeds = Extract<CalendarSubscriptions, { feeds: unknown }>['feeds'];

/** The webcal URL of each feed, with the member's token put in, and a button that copies it. */
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

