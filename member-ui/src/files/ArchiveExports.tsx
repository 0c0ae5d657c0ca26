import { formatFileSize, type FileArchiveDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { useFileArchives } from './files-queries';

/**
 * The member's archive exports (the spec's Export states): initialized or in_progress show a progress bar
 * with its percentage, pushed live while the server builds the zip; finished shows when it was made, the
 * zip to download and a generate-new action (a fresh export of the current selection); failed says so.
 */
export const ArchiveExports = ({ onGenerate }: { onGenerate: () => void }) => {
  const { t, i18n } = useTranslation();
  const archives = useFileArchives();
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
                <span>{t('files.archives.created', { date: new Date(archive.finishedAt ?? archive.createdAt).toLocaleString(i18n.language) })}</span>{' '}
                {archive.files.map((file) => (
                  <a key={file.id} href={file.downloadUrl} download={file.name} data-testid="files-archive-download">
                    {file.name} ({formatFileSize(file.bytes)})
                  </a>
                ))}{' '}
                <button type="button" className="button button--quiet" onClick={onGenerate} data-testid="files-archive-generate">
                  {t('files.archives.generate_new')}
                </button>
              </>
            ) : null}
            {archive.status === 'failed' ? (
              <>
                <span className="error">{t('files.archives.states.failed')}</span>{' '}
                <button type="button" className="button button--quiet" onClick={onGenerate}>
                  {t('files.archives.generate_new')}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
};
