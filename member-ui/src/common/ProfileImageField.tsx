import { PROFILE_IMAGE_ACCEPT, PROFILE_IMAGE_MAX_BYTES } from '@cn/contracts';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useToasts } from '../toasts/Toasts';

/** the refusals the image field words itself; anything else is a failed save */
const IMAGE_ERRORS = ['image_type_not_accepted', 'image_unreadable', 'file_too_large', 'required', 'multipart_required', 'invalid_multipart'] as const;
type ImageError = (typeof IMAGE_ERRORS)[number];
const imageErrorOf = (error: unknown): ImageError | null => {
  if (!(error instanceof ApiError)) return null;
  const key = error.body.errors.find((entry) => entry.field === 'file')?.key ?? (error.status === 413 ? 'file_too_large' : null);
  return (IMAGE_ERRORS as readonly string[]).includes(key ?? '') ? (key as ImageError) : null;
};

/**
 * Upload, replace and remove a profile image (a member's or a group's). The server decides by the bytes
 * (PNG, JPEG, GIF, WebP; 5 MB); the console refuses an oversized file before sending it. The preview is
 * what the read model answers, so it changes once the command is accepted.
 */
export const ProfileImageField = ({
  label,
  preview,
  hasImage,
  save,
  testId,
}: {
  label: string;
  preview: ReactNode;
  hasImage: boolean;
  /** a file sets the image, null removes it */
  save: (file: File | null) => Promise<unknown>;
  testId: string;
}) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<ImageError | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (file: File | null) => {
    setError(null);
    if (file && file.size > PROFILE_IMAGE_MAX_BYTES) {
      setError('file_too_large');
      return;
    }
    setBusy(true);
    try {
      await save(file);
      toasts.show('success', file ? 'profile_image.saved' : 'profile_image.removed');
    } catch (caught) {
      const key = imageErrorOf(caught);
      setError(key);
      if (!key) toasts.show('error', 'errors.saving_failure');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="field profile-image-field" data-testid={testId}>
      <span className="profile-image-field__label">{label}</span>
      <div className="profile-image-field__row">
        {preview}
        <div className="profile-image-field__actions">
          <label className="button button--quiet">
            {t(hasImage ? 'profile_image.replace' : 'profile_image.choose')}
            <input
              ref={input}
              type="file"
              className="visually-hidden"
              accept={PROFILE_IMAGE_ACCEPT}
              disabled={busy}
              data-testid={`${testId}-input`}
              aria-invalid={Boolean(error)}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void run(file);
              }}
            />
          </label>
          {hasImage ? (
            <button type="button" className="button button--quiet" disabled={busy} data-testid={`${testId}-remove`} onClick={() => void run(null)}>
              {t('profile_image.remove')}
            </button>
          ) : null}
          <p className="muted profile-image-field__hint">{busy ? t('profile_image.uploading') : t('profile_image.hint')}</p>
        </div>
      </div>
      {error ? (
        <p className="field__error" role="alert" data-testid={`${testId}-error`}>
          {t(`profile_image.errors.${error}`)}
        </p>
      ) : null}
    </div>
  );
};
