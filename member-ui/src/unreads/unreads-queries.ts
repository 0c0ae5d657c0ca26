import { ACTIVITIES_COLLECTION, NOTIFICATIONS_COLLECTION, UNREADS_POLL_MS, WAITLIST_PROMOTIONS_COLLECTION, type UnreadFeaturesResponse } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import type { LiveRoute } from '../realtime/LiveQueries';
import { baseName } from '../realtime/changes';
import { useSession } from '../session/SessionContext';
import { unreadsApi } from './unreads-api';

export const unreadsKeys = {
  all: ['unreads'] as const,
};

/**
 * Every counter of the shell, only with a signed-in member. Pushed changes read it again at once
 * (unreadsLive); the poll is the fallback for a channel that is down (the spec's 60 s).
 */
export const useUnreads = () => {
  const { api, state } = useSession();
  const signedIn = state.phase === 'ready' && state.member !== null;
  return useQuery({ queryKey: unreadsKeys.all, queryFn: () => unreadsApi(api).all(), enabled: signedIn, refetchInterval: UNREADS_POLL_MS });
};

/** a group's unread activities (its stream's count), 0 while unknown */
export const useGroupUnread = (slug: string): number => useUnreads().data?.activities.streams.find((stream) => stream.slug === slug)?.count ?? 0;

const COUNTED = new Set<string>([ACTIVITIES_COLLECTION, NOTIFICATIONS_COLLECTION, WAITLIST_PROMOTIONS_COLLECTION, 'appointments', 'groups']);

/** A pushed change of anything the counters count reads them again. */
export const unreadsLive: LiveRoute = (message, client) => {
  if (COUNTED.has(baseName(message.collection))) void client.invalidateQueries({ queryKey: unreadsKeys.all });
};

/** the unread feature each navigation module counts (the chat spec's unread features) */
const FEATURE_OF_MODULE: Readonly<Record<string, keyof UnreadFeaturesResponse>> = { activitystreams: 'Activitystreams', appointments: 'Calendars', messages: 'Messages' };

/** a module's unread count for the module switcher: 0 while unknown or for a module without one */
export const useModuleUnreads = (): ((moduleId: string) => number) => {
  const data = useUnreads().data;
  const features = data?.features;
  return (moduleId) => {
    // the files module counts the folders with files new to the member (GET /api/v1/unreads/folders)
    if (moduleId === 'files') return data?.folders ?? 0;
    const feature = FEATURE_OF_MODULE[moduleId];
    return feature && features ? features[feature] : 0;
  };
};
