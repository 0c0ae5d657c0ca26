import { APPS_TOPIC, TASK_LISTS, type TaskList, type TasksResponse } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router-dom';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { NotFoundPage } from '../common/NotFoundPage';
import { usePageTitle } from '../common/usePageTitle';
import { appsKeys, useLocale } from '../apps/apps-queries';
import { TaskMarks } from './TaskMarks';
import { useLiveTopic } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import '../apps/apps.css';

const isTaskList = (list: string): list is TaskList => (TASK_LISTS as readonly string[]).includes(list);

/** /tasks/my, assigned, declined, starred, archive, notes: app items across every app, with the member's own marks. */
export const TasksPage = () => {
  const { t } = useTranslation();
  const { list = 'my' } = useParams();
  const { api } = useSession();
  const locale = useLocale();
  useLiveTopic(APPS_TOPIC);
  const tasks = useQuery({
    // under the apps' key, so any app's pushed change (and the member's own marks) reads the tasks again
    queryKey: [...appsKeys.tasks(), list, locale],
    queryFn: () => api.request<TasksResponse>('GET', '/api/v1/tasks', { query: { list, locale } }),
    enabled: isTaskList(list),
  });
  usePageTitle(`apps.tasks.${isTaskList(list) ? list : 'my'}`);
  if (!isTaskList(list)) return <NotFoundPage />;
  return (
    <section className="apps-page">
      <h1>{t(`apps.tasks.${list}`)}</h1>
      <nav className="tabs" aria-label={t('apps.tasks.lists')}>
        {TASK_LISTS.map((entry) => (
          <NavLink key={entry} to={`/tasks/${entry}`} className={({ isActive }) => `tab${isActive ? ' tab--active' : ''}`}>
            {t(`apps.tasks.${entry}`)}
          </NavLink>
        ))}
      </nav>
      {!tasks.data ? (
        <LoadStatus load={loadOf(tasks)} onRetry={() => void tasks.refetch()} testId="tasks" />
      ) : tasks.data.tasks.length === 0 ? (
        <EmptyState title={t(`apps.tasks.empty_${list}`)} />
      ) : (
        <ul className="apps-cards" data-testid="tasks">
          {tasks.data.tasks.map(({ app, title, item, mark }) => (
            <li key={item.id} className="apps-card" data-testid={`task-${item.id}`}>
              <Link to={`/apps/${app.id}/items/${item.id}`} className="apps-card__title">
                {title || t('apps.wall.untitled')}
              </Link>
              <p className="muted">{app.name}</p>
              <TaskMarks appId={app.id} itemId={item.id} mark={mark} withNote={false} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
