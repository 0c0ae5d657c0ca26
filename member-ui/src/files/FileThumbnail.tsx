import type { FileItemDto } from '@cn/contracts';

/**
 * An image file's thumbnail (435x435 WebP made by the server, `thumbnail_url`; the upload itself until it is
 * made) at the size a row or picker shows; nothing for other files. Decorative: the name beside it says what it is.
 */
export const FileThumbnail = ({ file, edge = 40 }: { file: Pick<FileItemDto, 'thumbnail_url' | 'name'>; edge?: number }) =>
  file.thumbnail_url ? <img className="file-thumbnail" src={file.thumbnail_url} alt="" width={edge} height={edge} loading="lazy" data-testid={`file-thumbnail-${file.name}`} /> : null;
