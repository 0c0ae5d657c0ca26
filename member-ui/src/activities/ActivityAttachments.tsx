import { formatFileSize, sizedFileUrl, truncateFileName, type ActivityAttachmentDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The files a post carries, each read through the post: images as the server's thumbnails (a click shows its
 * lightbox size, never the upload with its metadata),
 * other files as download links with their name and size.
 */
export const ActivityAttachments = ({ attachments }: { attachments: ActivityAttachmentDto[] }) => {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ActivityAttachmentDto | null>(null);
  if (attachments.length === 0) return null;
  const images = attachments.filter((file) => file.image);
  const files = attachments.filter((file) => !file.image);
  return (
    <section className="activity__attachments" aria-label={t('activities.attachments.title')} data-testid="activity-attachments">
      {images.length > 0 ? (
        <ul className="activity__images">
          {images.map((file) => (
            <li key={file.id}>
              <button type="button" className="activity__thumbnail" onClick={() => setShown(file)} aria-label={t('activities.attachments.open_image', { name: file.name })} data-testid="activity-image">
                <img src={file.thumbnail_url ?? file.url} alt={file.name} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ul className="file-list">
          {files.map((file) => (
            <li key={file.id}>
              <a href={`${file.url}?download`} download={file.name} title={file.name} aria-label={t('activities.attachments.download', { name: file.name })} data-testid="activity-file">
                {truncateFileName(file.name)}
              </a>{' '}
              <span className="muted">{formatFileSize(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? (
        <div className="activity__lightbox" role="dialog" aria-modal="true" aria-label={shown.name} data-testid="activity-lightbox" onClick={() => setShown(null)}>
          <img src={sizedFileUrl(shown.url, 'lightbox')} alt={shown.name} />
          <button type="button" className="button" onClick={() => setShown(null)}>
            {t('activities.attachments.close')}
          </button>
        </div>
      ) : null}
    </section>
  );
};
