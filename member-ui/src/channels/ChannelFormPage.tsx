import { CHANNEL_DESCRIPTION_MAX, CHANNEL_STATUSES, CHANNEL_TITLE_MAX, slugify, type ChannelDto, type ChannelStatus } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { ChannelUnavailable, channelPath } from './ChannelPage';
import { useChannel, useChannelCommands } from './channels-queries';
import { useRefusal } from './channel-errors';

const ChannelForm = ({ channel }: { channel: ChannelDto | null }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const commands = useChannelCommands();
  const refusal = useRefusal();
  const [title, setTitle] = useState(channel?.title ?? '');
  const [slug, setSlug] = useState('');
  const [description, setDescription] = useState(channel?.description ?? '');
  const [status, setStatus] = useState<ChannelStatus>(channel?.status ?? 'active');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pending = commands.create.isPending || commands.update.isPending;

  const save = async () => {
    if (!title.trim()) {
      setErrors({ 'channel.title': 'errors.required' });
      return;
    }
    setErrors({});
    try {
      const fields = { title: title.trim(), description, status };
      if (channel === null) {
        const created = await commands.create.mutateAsync({ channel: { ...fields, slug: slug.trim() || undefined } });
        toasts.show('success', 'channels.saved');
        void navigate(channelPath(created.slug));
      } else {
        await commands.update.mutateAsync({ slug: channel.slug, request: { channel: fields } });
        toasts.show('success', 'channels.saved');
        void navigate(channelPath(channel.slug));
      }
    } catch (error) {
      setErrors(refusal.fieldsOf(error));
      toasts.show('error', refusal.generalOf(error));
    }
  };

  const errorOf = (field: string) => (errors[field] ? <p className="field__error">{t(errors[field])}</p> : null);
  return (
    <form
      className="channel-form"
      noValidate
      data-testid="channel-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="field">
        <label htmlFor="channel-title">{t('channels.fields.title')}</label>
        <input id="channel-title" value={title} maxLength={CHANNEL_TITLE_MAX} aria-invalid={Boolean(errors['channel.title'])} onChange={(event) => setTitle(event.target.value)} />
        {errorOf('channel.title')}
      </div>
      {channel === null ? (
        <div className="field">
          <label htmlFor="channel-slug">{t('channels.fields.slug')}</label>
          <input id="channel-slug" value={slug} placeholder={slugify(title)} aria-describedby="channel-slug-hint" aria-invalid={Boolean(errors['channel.slug'])} onChange={(event) => setSlug(event.target.value)} />
          <p className="muted field__hint" id="channel-slug-hint">
            {t('channels.fields.slug_hint')}
          </p>
          {errorOf('channel.slug')}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="channel-description">{t('channels.fields.description')}</label>
        <textarea id="channel-description" rows={3} maxLength={CHANNEL_DESCRIPTION_MAX} value={description} onChange={(event) => setDescription(event.target.value)} />
        {errorOf('channel.description')}
      </div>
      <div className="field">
        <label htmlFor="channel-status">{t('channels.fields.status')}</label>
        <select id="channel-status" value={status} onChange={(event) => setStatus(event.target.value as ChannelStatus)}>
          {CHANNEL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`channels.status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} data-testid="save-channel">
          {t('common.save')}
        </button>
        <Link className="button button--quiet" to={channel ? channelPath(channel.slug) : '/directory/channels'}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
};

/** /channels/new (can.create_channels) and /channels/:slug/edit (i.can.update). */
export const ChannelFormPage = () => {
  const { t } = useTranslation();
  const { slug } = useParams();
  const { can } = useSignedIn();
  const channel = useChannel(slug);
  usePageTitle(slug ? 'channels.edit_title' : 'channels.new_title');
  const allowed = slug ? channel.data?.i.can.update === true : can.create_channels;
  return (
    <section className="page" data-testid={slug ? 'channel-edit' : 'channel-new'}>
      <h1 className="page__title">{t(slug ? 'channels.edit_title' : 'channels.new_title')}</h1>
      {slug && channel.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {slug && channel.isError ? <ChannelUnavailable /> : null}
      {(!slug || channel.isSuccess) && !allowed ? <div className="alert alert--error">{t('errors.forbidden')}</div> : null}
      {allowed ? <ChannelForm key={slug ?? 'new'} channel={slug ? (channel.data ?? null) : null} /> : null}
    </section>
  );
};
