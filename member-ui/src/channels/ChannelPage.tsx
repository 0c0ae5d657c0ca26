import { CHANNEL_BANNER_HEIGHTS, CHANNEL_LOGO_HEIGHTS, CHANNEL_ROW_WIDTHS, type ChannelDto } from '@cn/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { useDismiss } from '../common/useDismiss';
import { usePageTitle } from '../common/usePageTitle';
import { useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { useChannel, useChannelCommands } from './channels-queries';
import { useRefusal } from './channel-errors';
import { rememberVisit } from './visited-channels';
import { WidgetView } from './widgets/WidgetView';
import { channelImageAt } from './channel-images';

export const channelPath = (slug: string, rest = ''): string => `/channels/${encodeURIComponent(slug)}${rest}`;

export const StatusBadge = ({ status }: { status: ChannelDto['status'] }) => {
  const { t } = useTranslation();
  if (status === 'active') return null;
  return (
    <span className={`badge badge--${status}`} data-testid={`status-${status}`}>
      {t(`channels.status.${status}`)}
    </span>
  );
};

const ChannelMenu = ({ channel }: { channel: ChannelDto }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, () => setOpen(false));
  const entries: Array<{ to: string; label: string }> = [
    { to: channelPath(channel.slug, '/widgets'), label: 'channels.menu.widgets' },
    ...(channel.i.can.update
      ? [
          { to: channelPath(channel.slug, '/edit'), label: 'channels.menu.edit' },
          { to: channelPath(channel.slug, '/design/edit'), label: 'channels.menu.design' },
          { to: channelPath(channel.slug, '/layout/edit'), label: 'channels.menu.layout' },
          { to: channelPath(channel.slug, '/widgets/new'), label: 'channels.menu.add_widget' },
        ]
      : []),
    ...(channel.i.can.create_articles ? [{ to: `/blogs/${encodeURIComponent(channel.blog_id)}/articles/new`, label: 'channels.menu.add_article' }] : []),
  ];
  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className="button button--quiet" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="channel-menu">
        {t('channels.menu.label')} ▾
      </button>
      {open ? (
        <div className="dropdown__panel">
          <ul className="menu-list" role="menu">
            {entries.map((entry) => (
              <li key={entry.to} role="none">
                <Link role="menuitem" className="menu-item" to={entry.to} onClick={() => setOpen(false)}>
                  {t(entry.label)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
};

/** The subscribe button with the subscriber count, and the favourite star. */
const ChannelActions = ({ channel }: { channel: ChannelDto }) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const commands = useChannelCommands();
  const { messageOf } = useRefusal();
  const busy = commands.subscribe.isPending;
  // a second click before the page shows the first one's answer asks nothing more
  const inFlight = useRef(false);
  const once = async (run: () => Promise<unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await run();
    } catch (error) {
      toasts.show('error', messageOf(errorKeyOf(error)));
    } finally {
      inFlight.current = false;
    }
  };
  const toggleSubscription = () => once(() => commands.subscribe.mutateAsync({ slug: channel.slug, on: !channel.i.subscribed }));
  const toggleStar = () => once(() => commands.favorite.mutateAsync({ slug: channel.slug, on: !channel.i.favorited }));
  return (
    <div className="channel-actions">
      <span className="channel-actions__count" data-testid="subscribers-count" aria-live="polite">
        {t('channels.subscribers', { count: channel.subscribers_count })}
      </span>
      {channel.i.can.subscribe ? (
        <button
          type="button"
          className={channel.i.subscribed ? 'button button--quiet' : 'button'}
          disabled={busy}
          onClick={() => void toggleSubscription()}
          data-testid={channel.i.subscribed ? 'unsubscribe' : 'subscribe'}
        >
          {t(channel.i.subscribed ? 'channels.unsubscribe' : 'channels.subscribe')}
        </button>
      ) : null}
      {channel.i.can.favorite ? (
        <button
          type="button"
          className={`icon-button channel-star${channel.i.favorited ? ' channel-star--on' : ''}`}
          aria-pressed={channel.i.favorited}
          aria-label={t(channel.i.favorited ? 'channels.unfavorite' : 'channels.favorite')}
          title={t(channel.i.favorited ? 'channels.unfavorite' : 'channels.favorite')}
          disabled={commands.favorite.isPending}
          onClick={() => void toggleStar()}
          data-testid="favorite"
        >
          {channel.i.favorited ? '★' : '☆'}
        </button>
      ) : null}
    </div>
  );
};

/** Logo, banner (colour or image, or none), title, status, menu and actions. */
export const ChannelHeader = ({ channel }: { channel: ChannelDto }) => {
  const { design } = channel;
  const bannerHeight = CHANNEL_BANNER_HEIGHTS[design.banner_type];
  const logoHeight = CHANNEL_LOGO_HEIGHTS[design.logo_type];
  return (
    <header className="channel-header" data-testid="channel-header">
      {bannerHeight > 0 ? (
        <div
          className="channel-header__banner"
          data-testid="channel-banner"
          style={{
            height: bannerHeight,
            backgroundColor: `#${design.derived_colors.banner}`,
            ...(design.banner_type === 'image' && design.banner_image ? { backgroundImage: `url("${channelImageAt(design.banner_image, 'lightbox')}")` } : {}),
          }}
        />
      ) : null}
      <div className="channel-header__row">
        {logoHeight > 0 ? (
          design.logo_image ? (
            <img className="channel-header__logo" src={channelImageAt(design.logo_image, 'small')} alt="" style={{ height: logoHeight, width: logoHeight }} />
          ) : (
            <span
              className="channel-header__logo channel-header__logo--initial"
              style={{ height: logoHeight, width: logoHeight, backgroundColor: `#${design.derived_colors.banner}`, color: `#${design.derived_colors.banner_text}` }}
              aria-hidden="true"
            >
              {channel.title.charAt(0).toUpperCase()}
            </span>
          )
        ) : null}
        <div className="channel-header__titles">
          <h1 className="page__title channel-header__title" data-testid="channel-title">
            {channel.title} <StatusBadge status={channel.status} />
          </h1>
          {channel.description ? <p className="muted channel-header__description">{channel.description}</p> : null}
        </div>
        <ChannelMenu channel={channel} />
      </div>
      <ChannelActions channel={channel} />
    </header>
  );
};

/** The widget rows: full, half 1+2 or 2+1, third; each cell spans its width of 3 columns. */
const WidgetGrid = ({ channel }: { channel: ChannelDto }) => {
  const { t } = useTranslation();
  const byId = new Map(channel.widgets.map((widget) => [widget.id, widget]));
  if (channel.layout.length === 0) {
    return (
      <div className="empty-state" data-testid="channel-empty">
        <p>{t('channels.empty')}</p>
        {channel.i.can.update ? (
          <Link className="button" to={channelPath(channel.slug, '/widgets/new')}>
            {t('channels.menu.add_widget')}
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <div className="widget-grid" data-testid="widget-grid">
      {channel.layout.map((row, r) => (
        <div key={r} className={`widget-row widget-row--${row.layout}`} data-testid="widget-row" data-layout={row.layout}>
          {row.widgets.map((id, c) => {
            const widget = id === null ? undefined : byId.get(id);
            const span = CHANNEL_ROW_WIDTHS[row.layout][c] ?? 3;
            return (
              <div key={c} className="widget-cell" style={{ gridColumn: `span ${span}` }}>
                {widget ? <WidgetView widget={widget} slug={channel.slug} /> : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
};

/** What a member who may not see a channel reads: it is a draft, archived or does not exist. */
export const ChannelUnavailable = () => {
  const { t } = useTranslation();
  return (
    <div className="alert" role="status" data-testid="channel-unavailable">
      <p>{t('channels.unavailable')}</p>
      <Link to="/directory/channels">{t('channels.to_directory')}</Link>
    </div>
  );
};

/** /channels/:slug: the channel's start page. */
export const ChannelPage = () => {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const channel = useChannel(slug);
  const { member } = useSignedIn();
  const visible = channel.isSuccess;
  usePageTitle('channels.page_title', { title: channel.data?.title ?? '' });
  useEffect(() => {
    if (visible) rememberVisit(member.id, slug);
  }, [visible, member.id, slug]);
  return (
    <section className="page channel-page" data-testid="channel-page">
      {channel.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {channel.isError ? errorKeyOf(channel.error) === 'not_found' ? <ChannelUnavailable /> : <div className="alert alert--error">{t('errors.generic_error')}</div> : null}
      {channel.isSuccess ? (
        <>
          <ChannelHeader channel={channel.data} />
          {channel.data.status !== 'active' ? (
            <p className="alert" role="status" data-testid="channel-status-note">
              {t(`channels.status_note.${channel.data.status}`)}
            </p>
          ) : null}
          <WidgetGrid channel={channel.data} />
        </>
      ) : null}
    </section>
  );
};
