import {
  IMAGES_PER_COLUMN,
  PEOPLE_PER_COLUMN,
  RSS_ITEMS_PER_COLUMN,
  type ArticleSummaryDto,
  type WidgetDto,
} from '@cn/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useChannelAppointments, useFeed } from '../channels-queries';
import { RichText } from '../RichText';
import { Gallery } from './Gallery';
import { channelImageAt } from '../channel-images';
import { formatInstant } from '../../common/date-format';

type Of<T extends WidgetDto['type']> = Extract<WidgetDto, { type: T }>;

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase() || '?';

const ArticleList = ({ articles, testId }: { articles: readonly ArticleSummaryDto[]; testId: string }) => {
  const { t, i18n } = useTranslation();
  if (articles.length === 0) return <p className="muted">{t('channels.widgets.blog.empty')}</p>;
  return (
    <ul className="widget-articles" data-testid={testId}>
      {articles.map((article) => (
        <li key={article.id}>
          <Link to={article.path} className="widget-articles__title">
            {article.title}
          </Link>
          <span className="muted widget-articles__date">{formatInstant(article.published_at, i18n.language)}</span>
          {article.teaser ? <p className="widget-articles__teaser">{article.teaser}</p> : null}
        </li>
      ))}
    </ul>
  );
};

const ImagesWidget = ({ widget }: { widget: Of<'images'> }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const shown = widget.images.slice(0, IMAGES_PER_COLUMN * widget.w);
  return (
    <>
      <ul className="widget-images" data-testid="widget-images-grid">
        {shown.map((image, index) => (
          <li key={image.id}>
            <button type="button" className="widget-images__thumb" onClick={() => setOpen(index)} aria-label={t('channels.gallery.open', { name: image.name || String(index + 1) })}>
              <img src={channelImageAt(image.url, 'large')} alt={image.name} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      {widget.images.length > shown.length ? (
        <button type="button" className="button button--quiet" onClick={() => setOpen(shown.length)}>
          {t('channels.widgets.images.more', { count: widget.images.length - shown.length })}
        </button>
      ) : null}
      {open !== null ? <Gallery images={widget.images} start={open} title={widget.title} onClose={() => setOpen(null)} /> : null}
    </>
  );
};

const RssWidget = ({ widget, slug }: { widget: Of<'rss'>; slug: string }) => {
  const { t } = useTranslation();
  const feed = useFeed(slug, widget.id);
  if (feed.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (feed.isError || feed.data.error) return <p className="alert alert--error">{t('channels.widgets.rss.error')}</p>;
  if (feed.data.items.length === 0) return <p className="muted">{t('channels.widgets.rss.empty')}</p>;
  return (
    <ul className="widget-rss" data-testid="widget-rss-items">
      {feed.data.items.slice(0, RSS_ITEMS_PER_COLUMN * widget.w).map((item) => (
        <li key={item.url}>
          <a href={item.url} target="_blank" rel="noopener noreferrer nofollow">
            {item.title}
          </a>
        </li>
      ))}
    </ul>
  );
};

const PeopleWidget = ({ widget, slug }: { widget: Of<'people'>; slug: string }) => {
  const { t } = useTranslation();
  const people = widget.memberships ?? [];
  const shown = people.slice(0, PEOPLE_PER_COLUMN * widget.w);
  return (
    <>
      <ul className="widget-people">
        {shown.map((person) => (
          <li key={person.id}>
            <Link to={person.path} className="widget-people__person">
              <span className="avatar avatar--small" aria-hidden="true">
                {initials(person.name)}
              </span>
              {person.name}
            </Link>
          </li>
        ))}
      </ul>
      {people.length > shown.length ? (
        <Link to={`/channels/${encodeURIComponent(slug)}/widgets/${encodeURIComponent(widget.id)}`}>{t('channels.widgets.people.more', { count: people.length - shown.length })}</Link>
      ) : null}
    </>
  );
};

/** the first day of the month after `day`, yyyy-MM-dd */
const nextMonthOf = (day: Date): string => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);

const AppointmentsWidget = ({ widget }: { widget: Of<'appointments'> }) => {
  const { t, i18n } = useTranslation();
  const [today] = useState(() => new Date());
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // this month and the next: near a month's end the next appointments are in the following one
  const months = [useChannelAppointments(today.toISOString().slice(0, 10), timeZone), useChannelAppointments(nextMonthOf(today), timeZone)];
  if (months.some((month) => month.isPending)) return <p className="muted">{t('common.loading')}</p>;
  const all = new Map(months.flatMap((month) => month.data?.appointments ?? []).map((appointment) => [appointment.id, appointment]));
  const upcoming = [...all.values()]
    .filter((appointment) => Date.parse(appointment.date.end) >= today.getTime())
    .sort((a, b) => a.date.start.localeCompare(b.date.start))
    .slice(0, widget.count);
  return upcoming.length === 0 ? (
    <p className="muted">{t('channels.widgets.appointments.empty')}</p>
  ) : (
    <ul className="widget-appointments">
      {upcoming.map((appointment) => (
        <li key={appointment.id}>
          <Link to={`/appointments/${encodeURIComponent(appointment.id)}`}>{appointment.name}</Link>
          <span className="muted"> {formatInstant(appointment.date.start, i18n.language, appointment.date.all_day ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' })}</span>
        </li>
      ))}
    </ul>
  );
};

const LinkWidget = ({ widget }: { widget: Of<'link'> }) => {
  const { link } = widget;
  const image = link.override_image ?? link.selected_image;
  const description = link.override_description || link.description;
  return (
    <a className="widget-link" href={link.url} {...(link.open_in_new_window ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : { rel: 'nofollow' })}>
      {image ? <img src={channelImageAt(image, 'large')} alt="" className="widget-link__image" /> : null}
      <span className="widget-link__title">{link.title || link.url}</span>
      {description ? <span className="widget-link__description">{description}</span> : null}
      <span className="muted widget-link__url">{link.url}</span>
    </a>
  );
};

const BannerWidget = ({ widget }: { widget: Of<'banner'> }) => (
  <div
    className="widget-banner"
    style={{
      backgroundColor: `#${widget.banner_background_color}`,
      color: `#${widget.banner_title_color}`,
      ...(widget.image ? { backgroundImage: `url("${channelImageAt(widget.image, 'lightbox')}")` } : {}),
    }}
  >
    {widget.hide_title || !widget.title ? null : <span className="widget-banner__title">{widget.title}</span>}
  </div>
);

const bodyOf = (widget: WidgetDto, slug: string): ReactNode => {
  switch (widget.type) {
    case 'text':
      return <RichText html={widget.html_content} />;
    case 'images':
      return <ImagesWidget widget={widget} />;
    case 'banner':
      return <BannerWidget widget={widget} />;
    case 'rss':
      return <RssWidget widget={widget} slug={slug} />;
    case 'blog':
      return <ArticleList articles={widget.latest_articles ?? []} testId="widget-blog-articles" />;
    case 'spotlight':
      return <ArticleList articles={widget.articles ?? []} testId="widget-spotlight-articles" />;
    case 'people':
      return <PeopleWidget widget={widget} slug={slug} />;
    case 'appointments':
      return <AppointmentsWidget widget={widget} />;
    case 'link':
      return <LinkWidget widget={widget} />;
  }
};

/** One widget of a channel page: its title bar (unless hidden; a banner shows its own) and its content. */
export const WidgetView = ({ widget, slug }: { widget: WidgetDto; slug: string }) => {
  const { t } = useTranslation();
  const showTitle = !widget.hide_title && widget.type !== 'banner';
  const title = widget.title || t(`channels.widget_types.${widget.type}`);
  return (
    <article className={`widget widget--${widget.type}`} data-testid={`widget-${widget.type}`} data-widget-id={widget.id} aria-label={title}>
      {showTitle ? (
        <header className="widget__title" style={widget.title_background_override ? { backgroundColor: `#${widget.title_background_override}` } : undefined}>
          <h2>{title}</h2>
          {widget.label ? <span className="badge">{widget.label}</span> : null}
        </header>
      ) : null}
      <div className="widget__body">{bodyOf(widget, slug)}</div>
    </article>
  );
};
