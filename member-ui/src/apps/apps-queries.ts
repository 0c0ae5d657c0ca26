import { APPS_COLLECTION, APPS_TOPIC } from '@cn/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../api/useCommand';
import { baseName } from '../realtime/changes';
import { useLiveTopic, type LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { appsApi, type WallQuery } from './apps-api';

/** Query keys of the apps module: one app's queries under its key, so a push about it reads them again. */
export const appsKeys = {
  all: ['apps'] as const,
  list: () => [...appsKeys.all, '*list'] as const,
  app: (app: string) => [...appsKeys.all, app] as const,
  wall: (app: string, query: Omit<WallQuery, 'locale'>, locale: string) => [...appsKeys.app(app), 'wall', query, locale] as const,
  item: (app: string, id: string, locale: string) => [...appsKeys.app(app), 'item', id, locale] as const,
  /** the tasks views read across every app: any app's change reads them again */
  tasks: () => [...appsKeys.all, '*tasks'] as const,
};

export const useAppsApi = () => appsApi(useSession().api);
export const useLocale = (): string => useTranslation().i18n.language.slice(0, 2);

export const useApps = () => {
  const api = useAppsApi();
  useLiveTopic(APPS_TOPIC);
  return useQuery({ queryKey: appsKeys.list(), queryFn: () => api.list() });
};
export const useApp = (app: string) => {
  const api = useAppsApi();
  useLiveTopic(APPS_TOPIC);
  return useQuery({ queryKey: [...appsKeys.app(app), 'definition'], queryFn: () => api.app(app) });
};
export const useWall = (app: string, query: Omit<WallQuery, 'locale'>) => {
  const api = useAppsApi();
  const locale = useLocale();
  useLiveTopic(APPS_TOPIC);
  return useQuery({ queryKey: appsKeys.wall(app, query, locale), queryFn: () => api.wall(app, { ...query, locale }), placeholderData: keepPreviousData });
};
export const useItem = (app: string, id: string) => {
  const api = useAppsApi();
  const locale = useLocale();
  useLiveTopic(APPS_TOPIC);
  return useQuery({ queryKey: appsKeys.item(app, id, locale), queryFn: () => api.item(app, id, locale) });
};

/** A command on one app: that app's queries read again once it is accepted. */
export const useAppCommand = <TVariables, TResult>(app: string, run: (api: ReturnType<typeof appsApi>, variables: TVariables) => Promise<TResult>) => {
  const api = useAppsApi();
  return useCommand<TVariables, TResult>((variables) => run(api, variables), [appsKeys.app(app), appsKeys.list()]);
};

/** A pushed change of an app (its definition, an item, the member's own mark on one) reads that app's open walls, items and forms, and the tasks views, again. */
export const appsLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== APPS_COLLECTION) return;
  void client.invalidateQueries({ queryKey: appsKeys.app(message.id) });
  void client.invalidateQueries({ queryKey: appsKeys.list() });
  void client.invalidateQueries({ queryKey: appsKeys.tasks() });
};

/** A mark on a task (star, decline, note): the task's app and the tasks views read again once it is accepted. */
export const useTaskCommand = <TVariables, TResult>(app: string, run: (api: ReturnType<typeof appsApi>, variables: TVariables) => Promise<TResult>) => {
  const api = useAppsApi();
  return useCommand<TVariables, TResult>((variables) => run(api, variables), [appsKeys.app(app), appsKeys.tasks()]);
};
