import { asText, failed, isRecord, ok, type FieldType } from './field-type';

export interface ImageValue {
  id: string;
  name: string;
  imageUrl: string;
  thumbnailUrl: string;
}

const imageOf = (raw: unknown): ImageValue | null =>
  isRecord(raw) && asText(raw.id) !== ''
    ? { id: asText(raw.id), name: asText(raw.name), imageUrl: asText(raw.imageUrl), thumbnailUrl: asText(raw.thumbnailUrl) }
    : null;

/** An uploaded image (the files module's id, name and urls). */
export const imageField: FieldType<ImageValue | null> = {
  empty: () => null,
  isEmpty: (value) => value === null,
  parse: (raw) => {
    if (raw === null || raw === undefined) return ok(null);
    const image = imageOf(raw);
    if (!image) return failed('invalid_image');
    if (![image.imageUrl, image.thumbnailUrl].every((url) => url === '' || url.startsWith('/'))) return failed('invalid_url', 'imageUrl');
    return ok(image);
  },
  fromStored: (raw) => imageOf(raw),
  format: (value) => value?.name ?? '',
};
