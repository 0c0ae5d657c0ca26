import { useTranslation } from 'react-i18next';
import { paginationWindow } from './pagination-window';

export const Pagination = ({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) => {
  const { t } = useTranslation();
  const items = paginationWindow(page, totalPages);
  if (items.length === 0) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')} data-testid="pagination">
      <button type="button" className="pagination__step" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('pagination.previous')}>
        ‹
      </button>
      {items.map((item) =>
        item.kind === 'gap' ? (
          <span key={item.key} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            className="pagination__page"
            aria-current={item.current ? 'page' : undefined}
            aria-label={t('pagination.page', { page: item.page })}
            onClick={() => onPage(item.page)}
          >
            {item.page}
          </button>
        ),
      )}
      <button type="button" className="pagination__step" disabled={page >= totalPages} onClick={() => onPage(page + 1)} aria-label={t('pagination.next')}>
        ›
      </button>
    </nav>
  );
};
