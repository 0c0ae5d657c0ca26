import { APPOINTMENTS_TOPIC } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loadOf } from '../api/load';
import { usePageTitle } from '../common/usePageTitle';
import { useSignedIn } from '../session/SessionContext';
import { storedCalendarToken } from './calendar-token';
import { useCalendarSubscriptions } from './calendars-queries';
import { WebcalList } from './WebcalList';
import './calendars.css';
import { useLiveTopic } from '../realtime/LiveQueries';

/** /calendars/subscribe: webcal URLs per collection, or a link to /users/edit to create the token. */
export const CalendarsSubscribePage = () => {
  useLiveTopic(APPOINTMENTS_TOPIC);
  const { t } = useTranslation();
  const { member } = useSignedIn();
  const load = loadOf(useCalendarSubscriptions());
  const token = storedCalendarToken(member.id);
  usePageTitle('calendars.subscribe_title');
  const subscriptions = load.phase === 'loaded' ? load.data : null;
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
