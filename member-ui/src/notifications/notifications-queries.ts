import { NOTIFICATIONS_COLLECTION, NOTIFICATIONS_LIMIT_MAX, WAITLIST_PROMOTIONS_COLLECTION, type NotificationsResponse } from '@cn/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LiveRoute } from '../realtime/LiveQueries';
import { baseName } from '../realtime/changes';
import { useSession } from '../session/SessionContext';
import { notificationsApi } from './notifications-api';

export const notificationsKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationsKeys.all, 'list'] as const,
  page: () => [...notificationsKeys.all, 'page'] as const,
};

/** The bell's list and unread count, read once and again whenever the channel says they changed. */
export const useNotifications = () => {
  const { api } = useSession();
  return useQuery({ queryKey: notificationsKeys.list(), queryFn: () => notificationsApi(api).list() });
};

/** /notifications: the most the server lists at once, live like the bell */
export const useNotificationsPage = () => {
  const { api } = useSession();
  return useQuery({ queryKey: notificationsKeys.page(), queryFn: () => notificationsApi(api).list(NOTIFICATIONS_LIMIT_MAX) });
};

/**
 * Marks everything up to the newest notification read. The badge drops at once (the list in the cache
 * says unread_count 0), the server's answer follows through the channel.
 */
export const useMarkNotificationsRead = () => {
  const { api } = useSession();
  const client = useQueryClient();
  return useCallback(
    async (current: NotificationsResponse) => {
      if (current.unread_count === 0 || current.newest_position === 0) return;
      for (const key of [notificationsKeys.list(), notificationsKeys.page()]) client.setQueryData<NotificationsResponse>(key, (data) => (data ? { ...data, unread_count: 0 } : data));
      try {
        await notificationsApi(api).markRead({ up_to: current.newest_position });
      } finally {
        await client.invalidateQueries({ queryKey: notificationsKeys.all });
      }
    },
    [api, client],
  );
};

/** A pushed change of the member's notifications, or of appointments (a new invite or change is a new notification). */
export const notificationsLive: LiveRoute = (message, client) => {
  const collection = baseName(message.collection);
  if (collection === NOTIFICATIONS_COLLECTION || collection === 'appointments' || collection === WAITLIST_PROMOTIONS_COLLECTION) {
    void client.invalidateQueries({ queryKey: notificationsKeys.all });
  }
};
