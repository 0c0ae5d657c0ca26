import { CHANNEL_WIDGET_TYPES, RSS_COUNT_MAX, WIDGET_IMAGES_MAX, type ChannelDto, type ChannelWidgetType } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { directoryApi } from '../directory/directory-api';
import { useSession } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { channelPath } from './ChannelPage';
import { ChannelEditorPage } from './ChannelEditorPage';
import { channelsApi } from './channels-api';
import { channelsKeys, useChannelCommands } from './channels-queries';
import { useRefusal } from './channel-errors';
import { channelImageAt, useChannelImageUpload } from './channel-images';
import { ImagePicker } from './DesignEditPage';
import { RichEditor } from './RichEditor';
import { draftOf, emptyDraft, requestOf, type WidgetDraft } from './widget-draft';

const isWidgetType = (value: string | null): value is ChannelWidgetType => value !== null && (CHANNEL_WIDGET_TYPES as readonly string[]).includes(value);

const Field = ({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {children}
      {error ? <p className="field__error">{t(error)}</p> : null}
    </div>
  );
};

const PeoplePicker = ({ draft, change }: { draft: WidgetDraft; change: (next: Partial<WidgetDraft>) => void }) => {
  const { t } = useTranslation();
  const { api } = useSession();
  const [q, setQ] = useState('');
  const found = useQuery({ queryKey: ['directory', 'members', { q, page: 1, picker: true }], queryFn: () => directoryApi(api).members({ q, page: 1, per_page: 10 }), enabled: q.trim().length > 0 });
  return (
    <div className="people-picker">
      <ul className="people-picker__chosen">
        {draft.members.map((member) => (
          <li key={member.id}>
            {member.name}{' '}
            <button type="button" className="button button--quiet" onClick={() => change({ members: draft.members.filter((other) => other.id !== member.id) })}>
              {t('channels.widget_form.remove')}
            </button>
          </li>
        ))}
      </ul>
      <Field id="people-search" label={t('channels.widget_form.people_search')}>
        <input id="people-search" type="search" value={q} onChange={(event) => setQ(event.target.value)} />
      </Field>
      <ul className="people-picker__found">
        {(found.data?.entries ?? [])
          .filter((member) => !draft.members.some((chosen) => chosen.id === member.id))
          .map((member) => (
            <li key={member.id}>
              <button type="button" className="button button--quiet" onClick={() => change({ members: [...draft.members, { id: member.id, name: member.displayName }] })}>
                + {member.displayName}
              </button>
            </li>
          ))}
      </ul>
    </div>
  );
};

/** `append` adds to the images as they are when the uploads end (names typed meanwhile are kept) */
const ImagesField = ({ slug, draft, change, append }: { slug: string; draft: WidgetDraft; change: (next: Partial<WidgetDraft>) => void; append: (added: WidgetDraft['images']) => void }) => {
  const { t } = useTranslation();
  const upload = useChannelImageUpload(slug);
  const [refused, setRefused] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  return (
    <div className="images-field">
      <ul className="images-field__list">
        {draft.images.map((image, i) => (
          <li key={image.id}>
            <img src={channelImageAt(image.url, 'small')} alt="" className="image-picker__preview" />
            <label className="visually-hidden" htmlFor={`image-name-${image.id}`}>
              {t('channels.widget_form.image_name')}
            </label>
            <input
              id={`image-name-${image.id}`}
              value={image.name}
              placeholder={t('channels.widget_form.image_name')}
              onChange={(event) => change({ images: draft.images.map((other, j) => (j === i ? { ...other, name: event.target.value } : other)) })}
            />
            <button type="button" className="button button--quiet" onClick={() => change({ images: draft.images.filter((_, j) => j !== i) })}>
              {t('channels.widget_form.remove')}
            </button>
          </li>
        ))}
      </ul>
      <Field id="images-add" label={t('channels.widget_form.add_images')}>
        <input
          id="images-add"
          type="file"
          multiple
          accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
          disabled={draft.images.length + uploading >= WIDGET_IMAGES_MAX}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])].slice(0, WIDGET_IMAGES_MAX - draft.images.length - uploading);
            setUploading((count) => count + files.length);
            // one at a time, in the order picked: each upload is stored with its sizes on the server
            void (async () => {
              const added: WidgetDraft['images'] = [];
              let firstRefusal: string | null = null;
              for (const file of files) {
                const answer = await upload(file);
                if ('url' in answer) added.push({ id: crypto.randomUUID(), url: answer.url, name: file.name.replace(/\.[^.]+$/, '') });
                else firstRefusal ??= answer.error;
              }
              setUploading((count) => count - files.length);
              setRefused(firstRefusal);
              append(added);
            })();
          }}
        />
      </Field>
      {uploading > 0 ? (
        <p className="muted" role="status">
          {t('channels.widget_form.uploading')}
        </p>
      ) : null}
      {refused ? <p className="field__error">{t(refused)}</p> : null}
    </div>
  );
};

const SpotlightField = ({ slug, draft, change }: { slug: string; draft: WidgetDraft; change: (next: Partial<WidgetDraft>) => void }) => {
  const { t } = useTranslation();
  const { api } = useSession();
  const articles = useQuery({ queryKey: channelsKeys.articles(slug, 1), queryFn: () => channelsApi(api).articles(slug, 1) });
  if (articles.isPending) return <p className="muted">{t('common.loading')}</p>;
  const list = articles.data?.articles ?? [];
  if (list.length === 0) return <p className="muted">{t('channels.widget_form.no_articles')}</p>;
  return (
    <fieldset className="field">
      <legend>{t('channels.widget_form.articles')}</legend>
      {list.map((article) => (
        <label key={article.id} className="checkbox">
          <input
            type="checkbox"
            checked={draft.article_ids.includes(article.id)}
            onChange={(event) => change({ article_ids: event.target.checked ? [...draft.article_ids, article.id] : draft.article_ids.filter((id) => id !== article.id) })}
          />{' '}
          {article.title}
        </label>
      ))}
    </fieldset>
  );
};

const WidgetForm = ({ channel, widgetId, initial }: { channel: ChannelDto; widgetId: string | null; initial: WidgetDraft }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const commands = useChannelCommands();
  const refusal = useRefusal();
  const formId = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (next: Partial<WidgetDraft>) => setDraft((before) => ({ ...before, ...next }));
  const errorOf = (field: string) => errors[`widget.${field}`];

  const save = async () => {
    try {
      await commands.saveWidget.mutateAsync({ slug: channel.slug, id: widgetId, request: requestOf(draft) });
      toasts.show('success', 'channels.saved');
      void navigate(channelPath(channel.slug));
    } catch (error) {
      setErrors(refusal.fieldsOf(error));
      toasts.show('error', refusal.generalOf(error));
    }
  };

  const count = (max: number) => (
    <Field id={`${formId}-count`} label={t('channels.widget_form.count')} error={errorOf('count')}>
      <input id={`${formId}-count`} type="number" min={1} max={max} value={draft.count} onChange={(event) => change({ count: Number(event.target.value) })} />
    </Field>
  );

  const specific = (): ReactNode => {
    switch (draft.type) {
      case 'people':
        return <PeoplePicker draft={draft} change={change} />;
      case 'text':
        return (
          <div className="field">
            <span className="field-label" id={`${formId}-html-label`}>
              {t('channels.widget_form.text')}
            </span>
            <RichEditor id={`${formId}-html`} labelledBy={`${formId}-html-label`} initial={draft.html_content} onChange={(html) => change({ html_content: html })} images />
          </div>
        );
      case 'images':
        return (
          <>
            <ImagesField slug={channel.slug} draft={draft} change={change} append={(added) => setDraft((before) => ({ ...before, images: [...before.images, ...added] }))} />
            {errorOf('images') ? <p className="field__error">{t(errorOf('images') ?? '')}</p> : null}
          </>
        );
      case 'banner':
        return (
          <>
            <ImagePicker slug={channel.slug} id={`${formId}-banner-image`} label={t('channels.widget_form.banner_image')} value={draft.image} onChange={(image) => change({ image })} error={errorOf('image')} />
            <Field id={`${formId}-bg`} label={t('channels.widget_form.banner_background_color')}>
              <input id={`${formId}-bg`} type="color" value={draft.banner_background_color} onChange={(event) => change({ banner_background_color: event.target.value })} />
            </Field>
            <Field id={`${formId}-fg`} label={t('channels.widget_form.banner_title_color')}>
              <input id={`${formId}-fg`} type="color" value={draft.banner_title_color} onChange={(event) => change({ banner_title_color: event.target.value })} />
            </Field>
          </>
        );
      case 'rss':
        return (
          <>
            <Field id={`${formId}-url`} label={t('channels.widget_form.feed_url')} error={errorOf('url')}>
              <input id={`${formId}-url`} type="url" value={draft.url} onChange={(event) => change({ url: event.target.value })} />
            </Field>
            {count(RSS_COUNT_MAX)}
          </>
        );
      case 'blog':
      case 'appointments':
        return count(10);
      case 'spotlight':
        return (
          <>
            <SpotlightField slug={channel.slug} draft={draft} change={change} />
            {errorOf('article_ids') ? <p className="field__error">{t(errorOf('article_ids') ?? '')}</p> : null}
          </>
        );
      case 'link':
        return (
          <>
            <Field id={`${formId}-link-url`} label={t('channels.widget_form.link_url')} error={errorOf('link.url')}>
              <input id={`${formId}-link-url`} type="url" value={draft.link.url} onChange={(event) => change({ link: { ...draft.link, url: event.target.value } })} />
            </Field>
            <Field id={`${formId}-link-title`} label={t('channels.widget_form.link_title')}>
              <input id={`${formId}-link-title`} value={draft.link.title} onChange={(event) => change({ link: { ...draft.link, title: event.target.value } })} />
            </Field>
            <Field id={`${formId}-link-description`} label={t('channels.widget_form.link_description')}>
              <textarea id={`${formId}-link-description`} rows={2} value={draft.link.description} onChange={(event) => change({ link: { ...draft.link, description: event.target.value } })} />
            </Field>
            <ImagePicker slug={channel.slug} id={`${formId}-link-image`} label={t('channels.widget_form.link_image')} value={draft.link.image} onChange={(image) => change({ link: { ...draft.link, image } })} />
            <label className="checkbox">
              <input type="checkbox" checked={draft.link.open_in_new_window} onChange={(event) => change({ link: { ...draft.link, open_in_new_window: event.target.checked } })} />{' '}
              {t('channels.widget_form.open_in_new_window')}
            </label>
          </>
        );
    }
  };

  return (
    <form
      className="channel-form"
      noValidate
      data-testid="widget-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="muted">{t(`channels.widget_types.${draft.type}`)}</p>
      <Field id={`${formId}-title`} label={t('channels.widget_form.title')} error={errorOf('title')}>
        <input id={`${formId}-title`} value={draft.title} onChange={(event) => change({ title: event.target.value })} />
      </Field>
      <label className="checkbox">
        <input type="checkbox" checked={draft.hide_title} onChange={(event) => change({ hide_title: event.target.checked })} /> {t('channels.widget_form.hide_title')}
      </label>
      <Field id={`${formId}-label`} label={t('channels.widget_form.label')} error={errorOf('label')}>
        <input id={`${formId}-label`} value={draft.label} maxLength={50} onChange={(event) => change({ label: event.target.value })} />
      </Field>
      <Field id={`${formId}-title-bg`} label={t('channels.widget_form.title_background')}>
        <input id={`${formId}-title-bg`} type="color" value={draft.title_background_override || '#ffffff'} onChange={(event) => change({ title_background_override: event.target.value })} />
      </Field>
      {specific()}
      <div className="form-actions">
        <button type="submit" className="button" disabled={commands.saveWidget.isPending} data-testid="save-widget">
          {t('common.save')}
        </button>
        <Link className="button button--quiet" to={channelPath(channel.slug, '/widgets')}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
};

/** /channels/:slug/widgets/new?type= (a type picker first) and /channels/:slug/widgets/:widgetId/edit. */
export const WidgetFormPage = () => {
  const { t } = useTranslation();
  const { widgetId } = useParams();
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  return (
    <ChannelEditorPage title={widgetId ? 'channels.widget_form.edit_title' : 'channels.widget_form.new_title'} testId="widget-form-page">
      {(channel) => {
        if (widgetId) {
          const widget = channel.widgets.find((candidate) => candidate.id === widgetId);
          return widget ? (
            <WidgetForm key={widget.id} channel={channel} widgetId={widget.id} initial={draftOf(widget)} />
          ) : (
            <div className="alert alert--error">{t('errors.not_found')}</div>
          );
        }
        return isWidgetType(type) ? (
          <WidgetForm key={type} channel={channel} widgetId={null} initial={emptyDraft(type)} />
        ) : (
          <ul className="widget-types" data-testid="widget-types">
            {CHANNEL_WIDGET_TYPES.map((candidate) => (
              <li key={candidate}>
                <button type="button" className="button button--quiet" onClick={() => setParams({ type: candidate })}>
                  {t(`channels.widget_types.${candidate}`)}
                </button>
              </li>
            ))}
          </ul>
        );
      }}
    </ChannelEditorPage>
  );
};
