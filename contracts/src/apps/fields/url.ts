import { asText, failed, isRecord, ok, type FieldType } from './field-type';

export interface LinkValue {
  url: string;
  text: string;
}

const httpUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** A link, stored as an object with url (and an optional text); a bare string is taken as the url. */
export const urlField: FieldType<LinkValue | null> = {
  empty: () => null,
  isEmpty: (value) => value === null,
  parse: (raw) => {
    if (raw === null || raw === undefined || raw === '') return ok(null);
    const candidate = typeof raw === 'string' ? { url: raw, text: '' } : isRecord(raw) ? { url: asText(raw.url), text: asText(raw.text) } : null;
    if (!candidate) return failed('invalid_type');
    const url = candidate.url.trim();
    if (url === '') return ok(null);
    if (url.length > 2000 || !httpUrl(url)) return failed('invalid_url', 'url');
    return ok({ url, text: candidate.text.trim().slice(0, 200) });
  },
  fromStored: (raw) => {
    const url = typeof raw === 'string' ? raw : isRecord(raw) ? asText(raw.url) : '';
    return httpUrl(url) ? { url, text: isRecord(raw) ? asText(raw.text) : '' } : null;
  },
  format: (value) => (value === null ? '' : value.text || value.url),
};
