import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channelImageAt } from '../channel-images';

export interface GalleryImage {
  id: string;
  url: string;
  name: string;
}

/**
 * The images widget's gallery: a modal lightbox of one image at a time with its place in the row; the
 * arrow keys page it (wrapping round), Escape closes it, and each image shows its loading state.
 */
export const Gallery = ({ images, start, title, onClose }: { images: readonly GalleryImage[]; start: number; title: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const [index, setIndex] = useState(start);
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const dialog = useRef<HTMLDivElement>(null);
  const count = images.length;
  const image = images[index];
  const step = (by: number) => setIndex((current) => (current + by + count) % count);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') step(1);
      else if (event.key === 'ArrowLeft') step(-1);
      else if (event.key === 'Escape') onClose();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
    // step only uses the count, which is fixed while the gallery is open
  }, [onClose, count]);

  if (!image) return null;
  const isLoading = !loaded.has(image.id);
  return (
    <div className="gallery" role="presentation" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="gallery__dialog" role="dialog" aria-modal="true" aria-label={t('channels.gallery.label', { title })} tabIndex={-1} ref={dialog} data-testid="gallery">
        <header className="gallery__bar">
          <span data-testid="gallery-position">{t('channels.gallery.position', { index: index + 1, total: count })}</span>
          <span className="gallery__name">{image.name}</span>
          <button type="button" className="icon-button gallery__close" onClick={onClose} aria-label={t('common.close')} data-testid="gallery-close">
            ×
          </button>
        </header>
        <figure className="gallery__figure" aria-busy={isLoading}>
          {isLoading ? (
            <p className="gallery__loading muted" role="status">
              {t('common.loading')}
            </p>
          ) : null}
          <img
            key={image.id}
            className="gallery__image"
            src={channelImageAt(image.url, 'lightbox')}
            alt={image.name}
            data-testid="gallery-image"
            data-image-id={image.id}
            onLoad={() => setLoaded((before) => new Set(before).add(image.id))}
          />
          {image.name ? <figcaption>{image.name}</figcaption> : null}
        </figure>
        {count > 1 ? (
          <>
            <button type="button" className="gallery__step gallery__step--previous" onClick={() => step(-1)} aria-label={t('channels.gallery.previous')}>
              ‹
            </button>
            <button type="button" className="gallery__step gallery__step--next" onClick={() => step(1)} aria-label={t('channels.gallery.next')}>
              ›
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
};
