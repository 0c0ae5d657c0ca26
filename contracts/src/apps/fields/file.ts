import { asText, failed, isRecord, ok, type FieldType } from './field-type';

export interface FileValue {
  id: string;
  name: string;
  extension: string;
}

const fileOf = (raw: unknown): FileValue | null =>
  isRecord(raw) && asText(raw.id) !== '' ? { id: asText(raw.id), name: asText(raw.name), extension: asText(raw.extension).toLowerCase() } : null;

/** A file of the files module (id, name, extension). */
export const fileField: FieldType<FileValue | null> = {
  empty: () => null,
  isEmpty: (value) => value === null,
  parse: (raw) => {
    if (raw === null || raw === undefined) return ok(null);
    const file = fileOf(raw);
    return file ? ok(file) : failed('invalid_file');
  },
  fromStored: (raw) => fileOf(raw),
  format: (value) => (value === null ? '' : value.extension ? `${value.name} (${value.extension})` : value.name),
};
