import { NETWORK_ROOT_FOLDER_ID, formatFileSize, truncateFileName, type FileItemDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePlaceSelect } from '../files/FilePlaceSelect';
import { FileThumbnail } from '../files/FileThumbnail';
import { useFolder } from '../files/files-queries';

/** a file picked from the files area: attached by id, as the folder listing showed it */
export interface PickedFile {
  id: string;
  name: string;
  size: number;
}

/**
 * 'Choose from files' of the message composer: the network's files or one of the member's groups' (the
 * console's shared place picker, `FilePlaceSelect`: the places the server lists), then
 * folders by their breadcrumbs and subfolders (the files module's folder listing, so only what the member
 * may read is offered), files chosen with checkboxes. The server checks every id again when the message is
 * sent and refuses any other at `attachments.N`.
 */
export const MessageFilePicker = ({ attachedIds, room, onPick, onCancel }: { attachedIds: readonly string[]; room: number; onPick: (files: PickedFile[]) => void; onCancel: () => void }) => {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(NETWORK_ROOT_FOLDER_ID);
  const [chosen, setChosen] = useState<Map<string, FileItemDto>>(new Map());
  const folder = useFolder(current);
  const data = folder.data;
  const byName = <T extends { name: string }>(list: readonly T[]): T[] => [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  const toggle = (file: FileItemDto) =>
    setChosen((all) => {
      const next = new Map(all);
      if (next.has(file.id)) next.delete(file.id);
      else next.set(file.id, file);
      return next;
    });
  const full = chosen.size >= room;
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="message-file-picker-title" data-testid="message-file-picker">
        <h2 id="message-file-picker-title">{t('messages.attachments.picker.title')}</h2>
        <label className="form-field">
          <span className="form-field__label">{t('messages.attachments.picker.place')}</span>
          <FilePlaceSelect value={data?.breadcrumbs[0]?.id ?? current} onChange={setCurrent} networkName={t('messages.attachments.picker.network')} testId="message-file-picker-place" />
        </label>
        <nav aria-label={t('files.breadcrumbs')} className="breadcrumbs">
          {(data?.breadcrumbs ?? []).map((crumb, index) => (
            <button key={crumb.id} type="button" className="button button--quiet" onClick={() => setCurrent(crumb.id)}>
              {index === 0 ? crumb.name || t('messages.attachments.picker.network') : crumb.name}
            </button>
          ))}
        </nav>
        {folder.isError ? <p className="alert alert--error">{t('errors.generic_error')}</p> : null}
        {data && data.folders.length === 0 && data.files.length === 0 ? (
          <p className="muted" data-testid="message-file-picker-empty">
            {t('messages.attachments.picker.empty')}
          </p>
        ) : null}
        <ul className="file-list">
          {byName(data?.folders ?? []).map((child) => (
            <li key={child.id}>
              <button type="button" className="button button--quiet" onClick={() => setCurrent(child.id)} data-testid={`message-file-picker-folder-${child.name}`}>
                📁 {child.name}
              </button>
            </li>
          ))}
          {byName(data?.files ?? []).map((file) => {
            const attached = attachedIds.includes(file.id);
            return (
              <li key={file.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={attached || chosen.has(file.id)}
                    disabled={attached || (full && !chosen.has(file.id))}
                    onChange={() => toggle(file)}
                    data-testid={`message-file-picker-file-${file.original_filename}`}
                  />{' '}
                  <FileThumbnail file={file} /> <span title={file.original_filename}>{truncateFileName(file.original_filename)}</span> <span className="muted">{formatFileSize(file.size)}</span>
                  {attached ? <span className="muted"> · {t('messages.attachments.picker.attached')}</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
        <div className="form-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={chosen.size === 0}
            onClick={() => onPick([...chosen.values()].map((file) => ({ id: file.id, name: file.original_filename, size: file.size })))}
            data-testid="message-file-picker-attach"
          >
            {t('messages.attachments.picker.attach', { count: chosen.size })}
          </button>
          <button type="button" className="button button--quiet" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
};
