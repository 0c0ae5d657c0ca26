import { CHANNEL_BANNER_TYPES, CHANNEL_LOGO_TYPES, type ChannelBannerType, type ChannelDto, type ChannelLogoType } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useToasts } from '../toasts/Toasts';
import { channelPath } from './ChannelPage';
import { ChannelEditorPage } from './ChannelEditorPage';
import { useChannelCommands } from './channels-queries';
import { useRefusal } from './channel-errors';
import { channelImageAt, useChannelImageUpload } from './channel-images';

/** An image field: pick a picture (uploaded to the channel with its sizes; an SVG stays inline) or remove it. */
export const ImagePicker = ({ slug, id, label, value, onChange, error }: { slug: string; id: string; label: string; value: string | null; onChange: (value: string | null) => void; error?: string }) => {
  const { t } = useTranslation();
  const upload = useChannelImageUpload(slug);
  const [refused, setRefused] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  return (
    <div className="field image-picker">
      <label htmlFor={id}>{label}</label>
      {value ? <img className="image-picker__preview" src={channelImageAt(value, 'small')} alt="" /> : null}
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
        disabled={uploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setUploading(true);
          void upload(file).then((answer) => {
            setUploading(false);
            setRefused('error' in answer ? answer.error : null);
            if ('url' in answer) onChange(answer.url);
          });
        }}
      />
      {uploading ? <p className="muted" role="status">{t('channels.widget_form.uploading')}</p> : null}
      {value ? (
        <button type="button" className="button button--quiet" onClick={() => onChange(null)}>
          {t('channels.design.remove_image')}
        </button>
      ) : null}
      {refused ? <p className="field__error">{t(refused)}</p> : null}
      {error ? <p className="field__error">{t(error)}</p> : null}
    </div>
  );
};

const DesignForm = ({ channel }: { channel: ChannelDto }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const commands = useChannelCommands();
  const refusal = useRefusal();
  const [logoType, setLogoType] = useState<ChannelLogoType>(channel.design.logo_type);
  const [bannerType, setBannerType] = useState<ChannelBannerType>(channel.design.banner_type);
  const [color, setColor] = useState(`#${channel.design.banner_color}`);
  const [bannerImage, setBannerImage] = useState(channel.design.banner_image);
  const [logoImage, setLogoImage] = useState(channel.design.logo_image);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async () => {
    if (bannerType === 'image' && !bannerImage) {
      setErrors({ 'design.banner_image': 'errors.required' });
      return;
    }
    try {
      await commands.design.mutateAsync({
        slug: channel.slug,
        request: { design: { logo_type: logoType, banner_type: bannerType, banner_color: color, banner_image: bannerImage, logo_image: logoImage } },
      });
      toasts.show('success', 'channels.saved');
      void navigate(channelPath(channel.slug));
    } catch (error) {
      setErrors(refusal.fieldsOf(error));
      toasts.show('error', refusal.generalOf(error));
    }
  };

  return (
    <form
      className="channel-form"
      noValidate
      data-testid="design-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className="field">
        <legend>{t('channels.design.logo_type')}</legend>
        {CHANNEL_LOGO_TYPES.map((value) => (
          <label key={value} className="radio">
            <input type="radio" name="logo_type" value={value} checked={logoType === value} onChange={() => setLogoType(value)} /> {t(`channels.design.logo_types.${value}`)}
          </label>
        ))}
      </fieldset>
      {logoType !== 'hidden' ? <ImagePicker slug={channel.slug} id="logo-image" label={t('channels.design.logo_image')} value={logoImage} onChange={setLogoImage} error={errors['design.logo_image']} /> : null}
      <fieldset className="field">
        <legend>{t('channels.design.banner_type')}</legend>
        {CHANNEL_BANNER_TYPES.map((value) => (
          <label key={value} className="radio">
            <input type="radio" name="banner_type" value={value} checked={bannerType === value} onChange={() => setBannerType(value)} /> {t(`channels.design.banner_types.${value}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="banner-color">{t('channels.design.banner_color')}</label>
        <input id="banner-color" type="color" value={color} onChange={(event) => setColor(event.target.value)} />
        {errors['design.banner_color'] ? <p className="field__error">{t(errors['design.banner_color'])}</p> : null}
      </div>
      {bannerType === 'image' ? <ImagePicker slug={channel.slug} id="banner-image" label={t('channels.design.banner_image')} value={bannerImage} onChange={setBannerImage} error={errors['design.banner_image']} /> : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={commands.design.isPending} data-testid="save-design">
          {t('common.save')}
        </button>
        <Link className="button button--quiet" to={channelPath(channel.slug)}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
};

/** /channels/:slug/design/edit: logo type and image, banner type, colour and image. */
export const DesignEditPage = () => (
  <ChannelEditorPage title="channels.design.title" testId="channel-design">
    {(channel) => <DesignForm channel={channel} />}
  </ChannelEditorPage>
);
