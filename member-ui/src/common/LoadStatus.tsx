import { useTranslation } from 'react-i18next';

/** A page's loading note, or its load error with a retry button; nothing once loaded. */
export const LoadStatus = ({
  load,
  onRetry,
  testId,
}: {
  load: { phase: 'loading' } | { phase: 'failed'; errorKey: string } | { phase: 'loaded' };
  onRetry: () => void;
  /** `${testId}-loading` and `${testId}-error` */
  testId?: string;
}) => {
  const { t } = useTranslation();
  if (load.phase === 'loading') {
    return (
      <p className="muted" role="status" data-testid={testId && `${testId}-loading`}>
        {t('common.loading')}
      </p>
    );
  }
  if (load.phase === 'failed') {
    return (
      <div className="alert alert--error" role="alert" data-testid={testId && `${testId}-error`}>
        {t(`errors.${load.errorKey}`)}{' '}
        <button type="button" className="button button--quiet" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return null;
};
