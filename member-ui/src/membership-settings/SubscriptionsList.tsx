import type { SubscriptionEntry } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../api/client';
import { useCommand } from '../api/useCommand';
import { channelsApi } from '../channels/channels-api';
import { channelsKeys } from '../channels/channels-queries';
import { groupsApi } from '../groups/groups-api';
import { groupsKeys } from '../groups/groups-queries';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession } from '../session/SessionContext';
import { subscriptionsApi, subscriptionsKeys } from './subscriptions-queries';

/**
 * What the member subscribed to (their groups, the channels they may see), each toggled in place with the
 * groups' and channels' own subscribe commands; `email_subscriptions` above decides which of them mail.
 */
export const SubscriptionsList = ({ memberId }: { memberId: string }) => {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const query = useQuery({ queryKey: subscriptionsKeys.of(memberId), queryFn: () => subscriptionsApi(api).get(memberId), retry: false });
  const toggle = useCommand(
    (entry: SubscriptionEntry) => (entry.type === 'group' ? groupsApi(api).subscribe(entry.slug, !entry.subscribed) : channelsApi(api).subscribe(entry.slug, !entry.subscribed)),
    [subscriptionsKeys.all, groupsKeys.all, channelsKeys.all],
  );
  const entries = query.data?.subscriptions ?? [];
  return (
    <section className="settings-fieldset" data-testid="settings-subscriptions">
      <h2>{t('membership_settings.subscriptions.title')}</h2>
      {query.isError ? <p role="alert">{t('membership_settings.unavailable')}</p> : null}
      {query.data && entries.length === 0 ? <p className="muted">{t('membership_settings.subscriptions.none')}</p> : null}
      <ul className="settings-subscriptions">
        {entries.map((entry) => (
          <li key={`${entry.type}-${entry.id}`} data-testid={`subscription-${entry.type}-${entry.slug}`}>
            <span>
              {entry.name} <span className="muted">({t(`membership_settings.subscriptions.${entry.type}`)})</span>
            </span>{' '}
            {entry.can.subscribe ? (
              <button
                type="button"
                className="button button--small"
                aria-pressed={entry.subscribed}
                disabled={toggle.isPending}
                data-testid={`subscription-toggle-${entry.type}-${entry.slug}`}
                onClick={() => {
                  setFailure(null);
                  toggle.mutate(entry, { onError: (error) => setFailure(refusalMessageKey(i18n, errorKeyOf(error), ['membership_settings.errors'])) });
                }}
              >
                {t(entry.subscribed ? 'membership_settings.subscriptions.unsubscribe' : 'membership_settings.subscriptions.subscribe')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {failure ? <p role="alert">{t(failure)}</p> : null}
    </section>
  );
};
