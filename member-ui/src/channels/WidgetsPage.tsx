import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { usePageTitle } from '../common/usePageTitle';
import { useToasts } from '../toasts/Toasts';
import { ChannelUnavailable, channelPath } from './ChannelPage';
import { useChannel, useChannelCommands } from './channels-queries';
import { useRefusal } from './channel-errors';
import { WidgetView } from './widgets/WidgetView';

/** /channels/:slug/widgets: every widget of the channel, placed or not, with its page (and edit and remove for who may update). */
export const WidgetsPage = () => {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const channel = useChannel(slug);
  const commands = useChannelCommands();
  const toasts = useToasts();
  const { messageOf } = useRefusal();
  usePageTitle('channels.widgets_title');
  const remove = async (id: string) => {
    if (!window.confirm(t('channels.widget_form.confirm_remove'))) return;
    try {
      await commands.removeWidget.mutateAsync({ slug, id });
      toasts.show('success', 'channels.saved');
    } catch (error) {
      toasts.show('error', messageOf(errorKeyOf(error)));
    }
  };
  return (
    <section className="page" data-testid="channel-widgets">
      <h1 className="page__title">{t('channels.widgets_title')}</h1>
      {channel.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {channel.isError ? <ChannelUnavailable /> : null}
      {channel.isSuccess ? (
        <>
          <p>
            <Link to={channelPath(slug)}>← {channel.data.title}</Link>
          </p>
          {channel.data.i.can.update ? (
            <Link className="button" to={channelPath(slug, '/widgets/new')}>
              {t('channels.menu.add_widget')}
            </Link>
          ) : null}
          {channel.data.widgets.length === 0 ? <p className="muted">{t('channels.empty')}</p> : null}
          <ul className="widget-list">
            {channel.data.widgets.map((widget) => (
              <li key={widget.id} className="widget-list__item">
                <Link to={channelPath(slug, `/widgets/${encodeURIComponent(widget.id)}`)}>{widget.title || t(`channels.widget_types.${widget.type}`)}</Link>
                <span className="muted"> · {t(`channels.widget_types.${widget.type}`)}</span>
                {widget.placed ? null : <span className="badge">{t('channels.layout.not_placed')}</span>}
                {channel.data.i.can.update ? (
                  <>
                    {' '}
                    <Link className="button button--quiet" to={channelPath(slug, `/widgets/${encodeURIComponent(widget.id)}/edit`)}>
                      {t('channels.widget_form.edit')}
                    </Link>
                    <button type="button" className="button button--quiet" onClick={() => void remove(widget.id)}>
                      {t('channels.widget_form.remove')}
                    </button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
};

/** /channels/:slug/widgets/:id: one widget on a page of its own. */
export const WidgetPage = () => {
  const { t } = useTranslation();
  const { slug = '', id = '' } = useParams();
  const channel = useChannel(slug);
  const widget = channel.data?.widgets.find((candidate) => candidate.id === id);
  usePageTitle('channels.page_title', { title: channel.data?.title ?? '' });
  return (
    <section className="page" data-testid="widget-page">
      {channel.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {channel.isError ? <ChannelUnavailable /> : null}
      {channel.isSuccess ? (
        <>
          <p>
            <Link to={channelPath(slug)}>← {channel.data.title}</Link>
          </p>
          {widget ? <WidgetView widget={{ ...widget, w: 3 }} slug={slug} /> : <div className="alert alert--error">{t('errors.not_found')}</div>}
        </>
      ) : null}
    </section>
  );
};
