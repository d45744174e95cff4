import { pageItems } from './page-items';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange(page: number): void;
  /** Names the navigation landmark, e.g. "Search results pages". */
  label?: string;
}

/** Numbered page buttons; renders nothing when everything fits on one page. */
export function Pagination({ page, pageCount, onPageChange, label = 'Pages' }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
        ‹
      </button>
      {pageItems(page, pageCount).map((item) =>
        item.kind === 'gap' ? (
          <span key={item.key} className="pagination-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            className={item.page === page ? 'primary' : undefined}
            aria-current={item.page === page ? 'page' : undefined}
            aria-label={`Page ${item.page}`}
            onClick={() => onPageChange(item.page)}
          >
            {item.page}
          </button>
        ),
      )}
      <button type="button" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount} aria-label="Next page">
        ›
      </button>
    </nav>
  );
}
