import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { loadOf } from '../api/load';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { useToasts } from '../toasts/Toasts';
import { useApp, useAppCommand, useItem } from './apps-queries';
import { ItemForm } from './ItemForm';
import './apps.css';

/** /apps/{app}/items/new: the form generated from the app's definitions. */
export const NewItemPage = () => {
  const { t } = useTranslation();
  const { app: slug = '' } = useParams();
  const navigate = useNavigate();
  const app = useApp(slug);
  const create = useAppCommand(slug, (api, values: Record<string, unknown>) => api.create(slug, values));
  usePageTitle('apps.item.new_title', { app: app.data?.name ?? '' });
  if (!app.data) return <LoadStatus load={loadOf(app)} onRetry={() => void app.refetch()} testId="app" />;
  return (
    <section className="apps-page">
      <h1>{t('apps.item.new_title', { app: app.data.name })}</h1>
      <ItemForm
        app={app.data}
        initial={null}
        can={app.data.new_item_can}
        memberNames={{}}
        submitLabel={t('apps.form.create')}
        onCancel={() => void navigate(`/apps/${slug}`)}
        onSubmit={async (values) => {
          const answer = await create.mutateAsync(values);
          void navigate(`/apps/${slug}/items/${answer.id}`);
        }}
      />
    </section>
  );
};

/** /apps/{app}/items/{id}/edit: the same form with the item's values; disabled where its can says so. */
export const EditItemPage = () => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const { app: slug = '', id = '' } = useParams();
  const navigate = useNavigate();
  const item = useItem(slug, id);
  const update = useAppCommand(slug, (api, request: { values: Record<string, unknown>; revision: number }) => api.update(slug, id, request.values, request.revision));
  usePageTitle('apps.item.edit_title');
  if (!item.data) return <LoadStatus load={loadOf(item)} onRetry={() => void item.refetch()} testId="item" />;
  const { app, item: current, members } = item.data;
  return (
    <section className="apps-page">
      <h1>{t('apps.item.edit_title')}</h1>
      <ItemForm
        key={current.id}
        app={app}
        initial={current.values}
        can={current.can}
        memberNames={members}
        submitLabel={t('apps.form.save')}
        onCancel={() => void navigate(`/apps/${slug}/items/${id}`)}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync({ values, revision: current.revision });
          } catch (error) {
            // someone else saved meanwhile: read the item again; the member's input stays and saves on the new revision
            if (error instanceof ApiError && error.status === 409) await item.refetch();
            throw error;
          }
          toasts.show('success', t('apps.item.saved'));
          void navigate(`/apps/${slug}/items/${id}`);
        }}
      />
    </section>
  );
};
