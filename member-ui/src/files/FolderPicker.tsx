import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRef } from '@cn/contracts';
import { useFolder, useUnreadFolderCounts } from './files-queries';

/**
 * The folder picker (chat-channels-files-fields-legal.md, files): breadcrumbs, the folder's subfolders
 * sorted by name, an empty state when there are none, each with the count of files new to the member; the
 * member chooses the folder shown.
 */
export const FolderPicker = ({ start, exclude, onPick, onCancel }: { start: string; exclude: readonly string[]; onPick: (folder: FileRef) => void; onCancel: () => void }) => {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(start);
  const folder = useFolder(current);
  const unread = useUnreadFolderCounts();
  const data = folder.data;
  // nothing is moved into an activity-stream folder: the picker does not offer it
  const sorted = [...(data?.folders ?? [])].filter((child) => child.type !== 'activitystream_folder').sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="folder-picker-title" data-testid="folder-picker">
        <h2 id="folder-picker-title">{t('files.picker.title')}</h2>
        <nav aria-label={t('files.breadcrumbs')} className="breadcrumbs">
          {(data?.breadcrumbs ?? []).map((crumb, index) => (
            <button key={crumb.id} type="button" className="button button--quiet" onClick={() => setCurrent(crumb.id)}>
              {index === 0 ? t('files.root') : crumb.name}
            </button>
          ))}
        </nav>
        {folder.isError ? <p className="alert alert--error">{t('errors.generic_error')}</p> : null}
        {data && sorted.length === 0 ? (
          <p className="muted" data-testid="folder-picker-empty">
            {t('files.picker.empty')}
          </p>
        ) : null}
        <ul className="file-list">
          {sorted.map((child) => (
            <li key={child.id}>
              <button type="button" className="button button--quiet" disabled={exclude.includes(child.id)} onClick={() => setCurrent(child.id)} data-testid={`folder-picker-item-${child.name}`}>
                {child.name}
              </button>
              {(unread.get(child.id) ?? 0) > 0 ? (
                <span className="badge badge--new" data-testid={`folder-picker-unread-${child.name}`} aria-label={t('files.picker.unread', { count: unread.get(child.id) })}>
                  {unread.get(child.id)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="form-actions">
          <button type="button" className="button" disabled={!data || exclude.includes(current) || !data.folder.can.add_files} onClick={() => data && onPick({ id: current, name: data.folder.name })} data-testid="folder-picker-choose">
            {t('files.picker.choose')}
          </button>
          <button type="button" className="button button--quiet" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
};
