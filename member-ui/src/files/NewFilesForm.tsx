import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { extensionAccepted, FILE_PROFILE_SET, formatFileSize, isActivityStreamFolderId, truncateFileName, type FileSettings } from '@cn/contracts';
import { errorKeyOf } from '../api/client';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useToasts } from '../toasts/Toasts';
import { useFilesApi, useFilesCommand } from './files-queries';
import { ProfileFields, profileRefusal, useProfileProperties } from './ProfileFields';

type UploadState = 'uploading' | 'volatile' | 'published' | 'failed' | 'removed';
interface Upload {
  clientId: string;
  name: string;
  size: number;
  progress: number;
  state: UploadState;
  id: string | null;
  errorKey: string | null;
}

/** an upload no longer holds the form back once it is volatile, published or removed (§4) */
export const uploadsSettled = (uploads: readonly Pick<Upload, 'state'>[]): boolean => uploads.every((upload) => upload.state === 'volatile' || upload.state === 'published' || upload.state === 'removed');

/**
 * The new-files form: files (required) uploaded at once with their progress, the folder they go to, a
 * description, whether to post them in the folder's activity stream (the group's for a group folder), and the file profile's values while the network has profiles on. Saving waits until every file
 * is volatile, published or removed; a failed upload is dropped.
 */
export const NewFilesForm = ({ folderId, groupId, settings, onDone }: { folderId: string; groupId: string | null; settings: FileSettings | undefined; onDone: () => void }) => {
  // files added to an activity-stream folder are posted in its stream (the server posts them whatever is sent)
  const inStreamFolder = isActivityStreamFolderId(folderId);
  const { t, i18n } = useTranslation();
  const toasts = useToasts();
  const api = useFilesApi();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [description, setDescription] = useState('');
  const [postToStream, setPostToStream] = useState(false);
  const [profile, setProfile] = useState<Record<string, string>>({});
  const [profileErrors, setProfileErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const counter = useRef(0);
  // the activity-stream folder's files have no profile (they come from posts)
  const profilesOn = settings?.profiles_enabled === true && !inStreamFolder;
  const properties = useProfileProperties(FILE_PROFILE_SET, groupId, profilesOn);
  const publish = useFilesCommand((files, request: { ids: string[]; description: string; postToStream: boolean; profile: Record<string, string> }) =>
    files.publish({ files: request.ids.map((id) => ({ id })), folder_ids: [folderId], description: request.description, post_to_stream: request.postToStream, ...(profilesOn ? { file_profile: request.profile } : {}) }),
  );
  const patch = (clientId: string, change: Partial<Upload>) => setUploads((all) => all.map((upload) => (upload.clientId === clientId ? { ...upload, ...change } : upload)));

  const add = (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      if (settings && !extensionAccepted(settings, file.name)) {
        toasts.show('error', t('files.errors.file_type_not_accepted_named', { name: file.name }));
        continue;
      }
      counter.current += 1;
      const clientId = `upload-${counter.current}`;
      setUploads((all) => [...all, { clientId, name: file.name, size: file.size, progress: 0, state: 'uploading', id: null, errorKey: null }]);
      api.upload(file, (progress) => patch(clientId, { progress })).then(
        (answer) => patch(clientId, { state: 'volatile', progress: 1, id: answer.id }),
        (error: unknown) => patch(clientId, { state: 'failed', errorKey: refusalMessageKey(i18n, (error as { body?: { errors?: Array<{ key: string }> } }).body?.errors?.[0]?.key ?? errorKeyOf(error), ['files.errors']) }),
      );
    }
  };

  const remove = async (upload: Upload) => {
    if (upload.id && upload.state === 'volatile') await api.removeFile(upload.id).catch(() => undefined);
    // a failed file is dropped; a volatile one is marked removed
    setUploads((all) => (upload.state === 'failed' ? all.filter((other) => other.clientId !== upload.clientId) : all.map((other) => (other.clientId === upload.clientId ? { ...other, state: 'removed' } : other))));
  };

  const ready = uploads.filter((upload) => upload.state === 'volatile' && upload.id);
  const blocked = !uploadsSettled(uploads.filter((upload) => upload.state !== 'failed')) || ready.length === 0 || publish.isPending;

  const save = () => {
    setSubmitted(true);
    if (blocked) return;
    publish.mutate(
      { ids: ready.map((upload) => upload.id ?? ''), description, postToStream: postToStream || inStreamFolder, profile },
      {
        onSuccess: () => {
          toasts.show('success', t('files.form.saved'));
          onDone();
        },
        onError: (error) => {
          const { fields, messageKey } = profileRefusal(i18n, error, 'file_profile');
          setProfileErrors(fields);
          if (messageKey) toasts.show('error', t(messageKey));
        },
      },
    );
  };

  return (
    <form className="card files-form" data-testid="new-files-form" onSubmit={(event) => { event.preventDefault(); save(); }}>
      <h2>{t('files.form.title')}</h2>
      <label className="field">
        <span>{t('files.form.files')}</span>
        <input type="file" multiple data-testid="new-files-input" onChange={(event) => { add(event.target.files); event.target.value = ''; }} />
      </label>
      {submitted && uploads.length === 0 ? <p className="field-error">{t('files.form.files_required')}</p> : null}
      <ul className="file-list">
        {uploads.map((upload) => (
          <li key={upload.clientId} data-testid={`upload-${upload.name}`} data-state={upload.state}>
            <span title={upload.name}>{truncateFileName(upload.name)}</span> <span className="muted">{formatFileSize(upload.size)}</span>{' '}
            {upload.state === 'uploading' ? <progress max={1} value={upload.progress} aria-label={t('files.form.progress', { name: upload.name })} /> : null}
            <span className={`upload-state upload-state--${upload.state}`}>{t(`files.states.${upload.state}`)}</span>
            {upload.errorKey ? <span className="field-error"> {t(upload.errorKey)}</span> : null}
            {upload.state !== 'removed' && upload.state !== 'uploading' ? (
              <button type="button" className="button button--quiet" onClick={() => void remove(upload)}>
                {t('files.form.remove')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <label className="field">
        <span>{t('files.form.description')}</span>
        <textarea value={description} maxLength={2000} onChange={(event) => setDescription(event.target.value)} data-testid="new-files-description" />
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={postToStream || inStreamFolder}
          disabled={inStreamFolder}
          onChange={(event) => setPostToStream(event.target.checked)}
          data-testid="new-files-post-to-stream"
        />{' '}
        {t(groupId === null ? 'files.form.post_to_stream_network' : 'files.form.post_to_stream_group')}
      </label>
      {profilesOn ? <ProfileFields title={t('files.form.profile')} properties={properties.data ?? []} values={profile} errors={profileErrors} onChange={setProfile} /> : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={blocked} data-testid="new-files-save">
          {t('files.form.save')}
        </button>
        <button type="button" className="button button--quiet" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
};
