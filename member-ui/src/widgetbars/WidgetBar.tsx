import type { ResolvedWidget, WidgetData, WidgetProfileValue } from '@cn/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useWidgetBar } from './widgetbars-queries';
import { renderWidgetHtml } from './widget-content';
import { loadedWidgetMarkdown, loadWidgetMarkdown } from './widget-markdown-load';

/**
 * markdown-it is its own chunk, loaded when a bar first shows a markdown widget: the rest of the bar and the
 * page beside it (the start page's activities) paint without waiting for it, the text follows when it is in
 */
const WidgetMarkdown = lazy(async () => ({ default: (await loadWidgetMarkdown()).WidgetMarkdown }));
import { formatInstant } from '../common/date-format';

const Empty = ({ text }: { text: string }) => {
  const { t } = useTranslation();
  return (
    <p className="muted widget__empty" data-testid="widget-empty">
      {t(text)}
    </p>
  );
};

const emptyKey = (widget: ResolvedWidget): string => `widgetbars.empty.${widget.type}`;

/** the profile fields a members widget shows under a member (those the server let the viewer see) */
const ProfileFields = ({ fields }: { fields: WidgetProfileValue[] | undefined }) => {
  const { t, i18n } = useTranslation();
  if (!fields || fields.length === 0) return null;
  const shown = (entry: WidgetProfileValue): string =>
    entry.field === 'birthday' ? formatInstant(`${entry.value}T00:00:00Z`, i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }) : entry.value;
  return (
    <dl className="widget__fields muted" data-testid="widget-profile-fields">
      {fields.map((entry) => (
        <div key={entry.field} className="widget__field">
          <dt>{t(`widgetbars.profile_fields.${entry.field}`)}</dt>
          <dd>{shown(entry)}</dd>
        </div>
      ))}
    </dl>
  );
};

const WidgetBody = ({ widget }: { widget: ResolvedWidget }) => {
  const { t, i18n } = useTranslation();
  const data: WidgetData = widget.data;
  switch (data.kind) {
    case 'members':
      return data.members.length === 0 ? (
        <Empty text={emptyKey(widget)} />
      ) : (
        <ul className="widget__list">
          {data.members.map((member) => (
            <li key={member.id} data-testid="widget-member">
              {member.image ? <img className="widget__avatar" src={member.image} alt="" /> : null}
              <Link to={member.path}>{member.name}</Link>
              <ProfileFields fields={member.fields} />
            </li>
          ))}
        </ul>
      );
    case 'birthdays':
      return data.members.length === 0 ? (
        <Empty text={emptyKey(widget)} />
      ) : (
        <ul className="widget__list">
          {data.members.map((member) => {
            const [month, day] = member.date.split('-').map(Number);
            const date = formatInstant(Date.UTC(2000, (month ?? 1) - 1, day ?? 1), i18n.language, { day: 'numeric', month: 'long', timeZone: 'UTC' });
            return (
              <li key={member.id} data-testid="widget-birthday">
                <Link to={member.path}>{member.name}</Link> <span className="muted">{member.age === undefined ? date : t('widgetbars.birthday_with_age', { date, age: member.age })}</span>
                <ProfileFields fields={member.fields} />
              </li>
            );
          })}
        </ul>
      );
    case 'appointments':
      return data.appointments.length === 0 ? (
        <Empty text={emptyKey(widget)} />
      ) : (
        <ul className="widget__list">
          {data.appointments.map((appointment) => (
            <li key={appointment.id} data-testid="widget-appointment">
              <Link to={appointment.path}>{appointment.title}</Link>
              <span className="muted widget__when">{formatInstant(appointment.starts_at, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}</span>
            </li>
          ))}
        </ul>
      );
    case 'links':
      return data.links.length === 0 ? (
        <Empty text={emptyKey(widget)} />
      ) : (
        <ul className="widget__list">
          {data.links.map((link) => (
            <li key={`${link.kind}-${link.id}`} data-testid="widget-link">
              <Link to={link.path}>{link.name}</Link>
            </li>
          ))}
        </ul>
      );
    case 'files':
      return data.files.length === 0 ? (
        <Empty text={emptyKey(widget)} />
      ) : (
        <ul className="widget__list">
          {data.files.map((file) => (
            <li key={file.id} data-testid="widget-file">
              <Link to={file.path}>{file.name}</Link>{' '}
              <span className="muted">
                {file.group_name ? `${file.group_name} · ` : ''}
                {t('files.file.views', { count: file.view_count })}
              </span>
            </li>
          ))}
        </ul>
      );
    case 'markdown': {
      // drawn at once when markdown-it's chunk is in already (the start page asks for it with the bar's answer)
      const Ready = loadedWidgetMarkdown()?.WidgetMarkdown;
      return (
        <div className="widget__text">
          {Ready ? (
            <Ready text={data.markdown} />
          ) : (
            <Suspense fallback={null}>
              <WidgetMarkdown text={data.markdown} />
            </Suspense>
          )}
        </div>
      );
    }
    case 'html':
      return <div className="widget__text">{renderWidgetHtml(data.html)}</div>;
    case 'feed':
      if (data.error !== null)
        return (
          <p className="muted" role="status" data-testid="widget-rss-error">
            {t('widgetbars.rss_error')}
          </p>
        );
      return data.items.length === 0 ? (
        <Empty text={emptyKey(widget)} />
      ) : (
        <ul className="widget__list">
          {data.items.map((item) => (
            <li key={item.link} data-testid="widget-feed-item">
              <a href={item.link} target="_blank" rel="noopener noreferrer nofollow">
                {item.title}
              </a>
            </li>
          ))}
        </ul>
      );
    default: {
      const unknownData: never = data;
      return unknownData;
    }
  }
};

/**
 * A widget bar as the member sees it, resolved by the server; read again when the realtime channel names
 * a change (a saved bar, members, presence, files viewed or changed).
 */
export const WidgetBar = ({ slug, groupId = null }: { slug: string; groupId?: string | null }) => {
  const { t } = useTranslation();
  const bar = useWidgetBar(slug, groupId);
  if (bar.isPending) return null;
  if (bar.isError)
    return (
      <aside className="widgetbar">
        <p className="muted" role="alert" data-testid="widgetbar-error">
          {t('widgetbars.load_failed')}
        </p>
      </aside>
    );
  if (bar.data.widgets.length === 0) return null;
  return (
    <aside className="widgetbar" data-testid="widgetbar" aria-label={t('widgetbars.label')}>
      {bar.data.widgets.map((widget) => (
        <section key={`${widget.index}-${widget.type}`} className="widget" data-testid={`widget-${widget.type}`}>
          {widget.type === 'text' && !widget.headline ? null : <h2 className="widget__title">{widget.headline || t(`widgetbars.types.${widget.type}`)}</h2>}
          <WidgetBody widget={widget} />
        </section>
      ))}
    </aside>
  );
};
