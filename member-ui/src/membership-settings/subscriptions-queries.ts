import { GROUPS_COLLECTION, type MemberSubscriptionsResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';

export const subscriptionsKeys = { all: ['subscriptions'] as const, of: (memberId: string) => ['subscriptions', memberId] as const };

/** GET /members/{id}/subscriptions: the member's groups and visible channels, subscribed or not */
export const subscriptionsApi = (api: ApiClient) => ({
  get: (memberId: string) => api.request<MemberSubscriptionsResponse>('GET', `/members/${encodeURIComponent(memberId)}/subscriptions`),
});

/** a subscription changed in another tab or by a group/channel change: the list reads again */
export const subscriptionsLive: LiveRoute = (message, client) => {
  const collection = baseName(message.collection);
  if (collection !== GROUPS_COLLECTION && collection !== 'channels') return;
  void client.invalidateQueries({ queryKey: subscriptionsKeys.all });
};
