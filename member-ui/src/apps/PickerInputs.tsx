import { NETWORK_ROOT_FOLDER_ID, type AppDto, type FileItemDto, type FileValue, type ImageValue, type RelationValue } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useDebouncedCallback } from '../common/useDebouncedCallback';
import { filesApi } from '../files/files-api';
import { useFolder } from '../files/files-queries';
import { FilePlaceSelect } from '../files/FilePlaceSelect';
import { FileThumbnail } from '../files/FileThumbnail';
import { useSession } from '../session/SessionContext';
import { useAppsApi } from './apps-queries';
import { useErrorText, type FieldProps } from './FieldInput';

const isImage = (file: { content_type: string }): boolean => file.content_type.startsWith('image/');

/** the value a picked file becomes: a file's (id, name, extension) or an image's (id, name, urls) */
const valueOf = (type: 'file' | 'image', file: { id: string; name: string; extension: string; url?: string; thumbnail_url?: string | null }): FileValue | ImageValue =>
  type === 'file' ? { id: file.id, name: file.name, extension: file.extension } : { id: file.id, name: file.name, imageUrl: file.url ?? '', thumbnailUrl: file.thumbnail_url ?? file.url ?? '' };

/**
 * The files module's folders: a place (the network's files or one of the member's groups', as the server
 * lists them in `GET /api/storage/roots`), then its folders by breadcrumbs and subfolders. Only what the
 * read side answers is offered, that is only folders and files the member may read; an image property
 * offers only images. The folder answers are the files module's own queries, so a pushed change shows.
 */
const FileBrowser = ({
  type,
  onPick,
  onChooseFolder,
}: {
  type: 'file' | 'image';
  onPick: (file: FileItemDto) => void;
  /** folder mode (publishing an upload): the browsed folder is chosen, where the member may add files */
  onChooseFolder?: (folder: { id: string; name: string }) => void;
}) => {
  const { t } = useTranslation();
  const [folderId, setFolderId] = useState(NETWORK_ROOT_FOLDER_ID);
  const folder = useFolder(folderId);
  const rootName = (root: { namespace: string; name: string }): string => (root.namespace === 'network' ? t('apps.form.network_files') : root.name);
  if (!folder.data) return <p className="muted">{folder.isError ? t('apps.errors.invalid') : '…'}</p>;
  const offered = folder.data.files.filter((file) => type === 'file' || isImage(file));
  const place = folder.data.breadcrumbs[0]?.id ?? folderId;
  return (
    <div className="apps-file-browser" data-testid="file-browser">
      <label className="apps-file-browser__place">
        {t('apps.form.place')} <FilePlaceSelect value={place} onChange={setFolderId} networkName={t('apps.form.network_files')} testId="file-browser-place" />
      </label>
      <nav className="apps-file-browser__crumbs">
        {folder.data.breadcrumbs.map((crumb, index) => (
          <button key={crumb.id} type="button" className="link-button" onClick={() => setFolderId(crumb.id)}>
            {index === 0 ? rootName({ namespace: folder.data.folder.namespace, name: crumb.name }) : crumb.name}
          </button>
        ))}
      </nav>
      <ul className="apps-picker__hits" role="listbox">
        {folder.data.folders.map((sub) => (
          <li key={sub.id}>
            <button type="button" onClick={() => setFolderId(sub.id)}>
              📁 {sub.name}
            </button>
          </li>
        ))}
        {(onChooseFolder ? [] : offered).map((file) => (
          <li key={file.id}>
            <button type="button" role="option" aria-selected={false} onClick={() => onPick(file)}>
              <FileThumbnail file={file} /> {file.name}
            </button>
          </li>
        ))}
      </ul>
      {!onChooseFolder && folder.data.folders.length === 0 && offered.length === 0 && <p className="muted">{t('apps.form.no_files')}</p>}
      {onChooseFolder &&
        (folder.data.folder.can.add_files ? (
          <button type="button" className="button button--small" data-testid="publish-here" onClick={() => onChooseFolder({ id: folder.data.folder.id, name: folder.data.folder.name })}>
            {t('apps.form.publish_here', { folder: folder.data.folder.name })}
          </button>
        ) : (
          <p className="muted">{t('apps.form.publish_not_here')}</p>
        ))}
    </div>
  );
};

/** Image and file properties: pick a file the member may read from the files module, or upload one. */
export const FilePickerInput = ({ property, value, onChange, disabled }: FieldProps) => {
  const { t } = useTranslation();
  const files = filesApi(useSession().api);
  const type = property.type === 'image' ? 'image' : 'file';
  const current = value as FileValue | ImageValue | null;
  const [browsing, setBrowsing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** the upload made here: volatile (only its uploader reads it) until it is published into a folder */
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [publishing, setPublishing] = useState<'choosing' | 'sending' | null>(null);
  const [publishedIn, setPublishedIn] = useState<string | null>(null);
  const publish = async (folder: { id: string; name: string }) => {
    if (!current) return;
    setPublishing('sending');
    setFailure(null);
    try {
      const answer = await files.publish({ files: [{ id: current.id }], folder_ids: [folder.id], description: '' });
      const id = answer.file_ids[0] ?? current.id;
      if (id !== current.id) onChange({ ...current, id });
      setUploaded(null);
      setPublishedIn(folder.name);
      setPublishing(null);
    } catch (error) {
      setFailure(error instanceof ApiError ? (error.body.errors[0]?.key ?? error.body.error) : 'invalid');
      setPublishing('choosing');
    }
  };
  const upload = async (file: File) => {
    setUploading(true);
    setFailure(null);
    try {
      const answer = await files.upload(file, () => undefined);
      setUploaded(answer.id);
      setPublishedIn(null);
      onChange(valueOf(type, answer));
    } catch (error) {
      setFailure(error instanceof ApiError ? (error.body.errors[0]?.key ?? error.body.error) : 'invalid');
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="apps-files" id={`field-${property.name}`}>
      {current && (
        <span className="apps-chip" data-testid={`picked-${property.name}`}>
          {type === 'image' && (current as ImageValue).thumbnailUrl ? <img src={(current as ImageValue).thumbnailUrl} alt="" width={50} height={50} /> : null}
          {current.name}
          {!disabled && (
            <button type="button" className="apps-chip__remove" aria-label={t('apps.form.remove', { name: current.name })} onClick={() => onChange(null)}>
              ×
            </button>
          )}
        </span>
      )}
      {!disabled && (
        <div className="apps-files__actions">
          <label className="button button--small">
            {uploading ? t('apps.form.uploading') : t('apps.form.upload')}
            <input
              type="file"
              name={property.name}
              hidden
              accept={type === 'image' ? 'image/*' : undefined}
              disabled={uploading}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
                event.target.value = '';
              }}
            />
          </label>
          <button type="button" className="button button--small" aria-expanded={browsing} onClick={() => setBrowsing(!browsing)}>
            {browsing ? t('apps.form.close_browser') : t('apps.form.browse_files')}
          </button>
        </div>
      )}
      {!disabled && current && uploaded === current.id && publishing === null && (
        <p className="muted" data-testid={`volatile-${property.name}`}>
          {t('apps.form.volatile')}{' '}
          <button type="button" className="link-button" onClick={() => setPublishing('choosing')}>
            {t('apps.form.publish')}
          </button>
        </p>
      )}
      {publishedIn && current && <p className="muted" data-testid={`published-${property.name}`}>{t('apps.form.published_in', { folder: publishedIn })}</p>}
      {publishing !== null && (
        <>
          <FileBrowser type={type} onPick={() => undefined} onChooseFolder={(folder) => void publish(folder)} />
          <button type="button" className="button button--small" disabled={publishing === 'sending'} onClick={() => setPublishing(null)}>
            {t('common.cancel')}
          </button>
        </>
      )}
      {browsing && (
        <FileBrowser
          type={type}
          onPick={(file) => {
            onChange(valueOf(type, file));
            setBrowsing(false);
          }}
        />
      )}
      {failure && <p className="field__error">{t(`apps.errors.${failure}`, { defaultValue: t('apps.errors.invalid') })}</p>}
    </div>
  );
};

/**
 * Relation properties: items of the related apps, found by a search box (one unless multiple). With
 * `allow_create_related` the typed title can become a new item of a related app right there: a create in
 * that app (`POST /api/v1/apps/{app}/items`, its own rule), offered only where its `can.create_item` says
 * so; a refusal shows under the field.
 */
export const RelationInput = ({ property, value, onChange, disabled }: FieldProps) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const api = useAppsApi();
  const relations = Array.isArray(value) ? (value as RelationValue[]) : [];
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<RelationValue[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const relatedApps = useQuery({
    queryKey: ['apps', 'related', ...property.related_apps],
    queryFn: () => Promise.all(property.related_apps.map((app) => api.app(app))),
    enabled: property.allow_create_related && !disabled,
  });
  const creatable = (relatedApps.data ?? []).filter((app) => app.can.create_item && app.properties.some((entry) => entry.type === 'text'));
  const create = async (app: AppDto) => {
    const name = query.trim();
    const title = app.properties.find((entry) => entry.type === 'text');
    if (name === '' || !title) return;
    setCreating(true);
    setCreateError(null);
    try {
      const { id } = await api.create(app.id, { [title.name]: name });
      pick({ id, app: app.id, displayValue: name });
    } catch (error) {
      const key = error instanceof ApiError ? (error.status === 403 ? 'create_related_forbidden' : (error.body.errors[0]?.key ?? error.body.error)) : 'invalid';
      setCreateError(key);
    } finally {
      setCreating(false);
    }
  };
  const search = useDebouncedCallback((q: string) => {
    void Promise.all(property.related_apps.map((app) => api.searchItems(app, q).then((answer) => answer.items, () => [])))
      .then((found) => setHits(found.flat().filter((hit) => !relations.some((relation) => relation.id === hit.id))));
  }, 375);
  const pick = (hit: RelationValue) => {
    onChange(property.multiple ? [...relations, hit] : [hit]);
    setQuery('');
    setHits(null);
  };
  return (
    <div className="apps-relations" id={`field-${property.name}`}>
      {relations.map((relation) => (
        <span key={`${relation.app}:${relation.id}`} className="apps-chip" data-testid={`relation-${relation.id}`}>
          {relation.displayValue || relation.id}
          {!disabled && (
            <button
              type="button"
              className="apps-chip__remove"
              aria-label={t('apps.form.remove', { name: relation.displayValue || relation.id })}
              onClick={() => onChange(relations.filter((entry) => entry.id !== relation.id))}
            >
              ×
            </button>
          )}
        </span>
      ))}
      {!disabled && (property.multiple || relations.length === 0) && (
        <div className="apps-picker">
          <input
            name={property.name}
            value={query}
            placeholder={t('apps.form.search_item')}
            autoComplete="off"
            onFocus={() => hits === null && search.run(query)}
            onChange={(event) => {
              setQuery(event.target.value);
              search.run(event.target.value);
            }}
          />
          {hits !== null && (
            <ul className="apps-picker__hits" role="listbox">
              {hits.map((hit) => (
                <li key={`${hit.app}:${hit.id}`}>
                  <button type="button" role="option" aria-selected={false} onClick={() => pick(hit)}>
                    {hit.displayValue || hit.id}
                  </button>
                </li>
              ))}
              {hits.length === 0 && <li className="muted">{t('apps.form.no_items')}</li>}
              {query.trim() !== '' &&
                creatable.map((app) => (
                  <li key={`create:${app.id}`}>
                    <button type="button" role="option" aria-selected={false} disabled={creating} onClick={() => void create(app)}>
                      {creating ? t('apps.form.creating_related') : t('apps.form.create_related', { name: query.trim(), app: app.name })}
                    </button>
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
      {createError && (
        <p className="field__error" data-testid={`create-related-error-${property.name}`}>
          {errorText(createError)}
        </p>
      )}
    </div>
  );
};
