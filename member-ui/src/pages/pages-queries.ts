import { PAGES_COLLECTION, PAGES_TOPIC } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import type { LiveRoute } from '../realtime/LiveQueries';
import { useLiveTopic } from '../realtime/LiveQueries';
import { baseName } from '../realtime/changes';
import { useSession } from '../session/SessionContext';
import { pagesApi } from './pages-api';

export const pagesKeys = {
  all: ['pages'] as const,
  list: () => [...pagesKeys.all, 'list'] as const,
  page: (slug: string) => [...pagesKeys.all, 'page', slug] as const,
};

export const usePages = () => {
  const { api } = useSession();
  useLiveTopic(PAGES_TOPIC);
  return useQuery({ queryKey: pagesKeys.list(), queryFn: () => pagesApi(api).list() });
};

export const usePage = (slug: string) => {
  const { api } = useSession();
  useLiveTopic(PAGES_TOPIC);
  return useQuery({ queryKey: pagesKeys.page(slug), queryFn: () => pagesApi(api).page(slug), retry: false });
};

/** A page was created, edited or deleted: the open page (its slug may have changed) and the list read again. */
export const pagesLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== PAGES_COLLECTION) return;
  void client.invalidateQueries({ queryKey: pagesKeys.all });
};
