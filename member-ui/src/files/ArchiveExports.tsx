import { formatFileSize, type FileArchiveDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { useFileArchives, useFilesCommand } from './files-queries';

/**
 * The member's archive exports (the spec's Export states): initialized or in_progress show a progress bar
 * with its percentage, pushed live while the server builds the zip; finished shows when it was made, the
 * zip to download, until when it is kept, and a generate-new action (a fresh export of the current
 * selection); failed and expired say so. A finished, failed or expired export may be deleted; the list
 * follows live (expiry and deletion are pushed like the other changes).
 */
export const ArchiveExports = ({ onGenerate }: { onGenerate: () => void }) => {
  const { t, i18n } = useTranslation();
  const archives = useFileArchives();
  const removing = useFilesCommand((files, archiveId: string) => files.deleteArchive(archiveId));
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const remove = (archiveId: string) => (
    <button type="button" className="button button--quiet" disabled={removing.isPending} onClick={() => removing.mutate(archiveId)} data-testid="files-archive-delete">
      {t('files.archives.delete')}
    </button>
  );
  const list: FileArchiveDto[] = archives.data?.archives.slice(0, 3) ?? [];
  if (list.length === 0) return null;
  return (
    <section className="archive-exports" aria-label={t('files.archives.title')} data-testid="files-archives">
      <h2>{t('files.archives.title')}</h2>
      <ul className="list">
        {list.map((archive) => (
          <li key={archive.id} data-testid={`files-archive-${archive.status}`}>
            {archive.status === 'initialized' || archive.status === 'in_progress' ? (
              <>
                <span>{t(`files.archives.states.${archive.status}`)}</span>{' '}
                <progress max={100} value={archive.progress} aria-label={t('files.archives.progress', { percent: archive.progress })} /> <span>{t('files.archives.percent', { percent: archive.progress })}</span>
              </>
            ) : null}
            {archive.status === 'finished' ? (
              <>
                <span>{t('files.archives.created', { date: when(archive.finishedAt ?? archive.createdAt) })}</span>{' '}
                {archive.files.map((file) => (
                  <a key={file.id} href={file.downloadUrl} download={file.name} data-testid="files-archive-download">
                    {file.name} ({formatFileSize(file.bytes)})
                  </a>
                ))}{' '}
                {archive.expiresAt ? <span className="muted">{t('files.archives.expires', { date: when(archive.expiresAt) })}</span> : null}{' '}
                <button type="button" className="button button--quiet" onClick={onGenerate} data-testid="files-archive-generate">
                  {t('files.archives.generate_new')}
                </button>{' '}
                {remove(archive.id)}
              </>
            ) : null}
            {archive.status === 'failed' ? (
              <>
                <span className="error">{t('files.archives.states.failed')}</span>{' '}
                <button type="button" className="button button--quiet" onClick={onGenerate}>
                  {t('files.archives.generate_new')}
                </button>{' '}
                {remove(archive.id)}
              </>
            ) : null}
            {archive.status === 'expired' ? (
              <>
                <span className="muted">{t('files.archives.states.expired', { date: when(archive.finishedAt ?? archive.createdAt) })}</span>{' '}
                <button type="button" className="button button--quiet" onClick={onGenerate}>
                  {t('files.archives.generate_new')}
                </button>{' '}
                {remove(archive.id)}
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
};
