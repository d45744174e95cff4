import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DECKS_PER_PAGE } from '../../../common/game';
import { MESSAGES } from '../../../common/messages';
import { DeckGrid } from '../../components/DeckGrid';
import { Pagination } from '../../components/Pagination';
import { deckCount, pageCount } from '../../components/page-items';
import { SearchBar, type SearchBarValues } from '../../components/SearchBar';
import {
  filtersFromState,
  hasAnyFilter,
  readSearchParams,
  searchResultsHref,
  sortOf,
  toSearchRequest,
  windowOf,
  withoutUnknown,
  withSort,
  withWindow,
  writeSearchParams,
  type SearchSort,
  type SearchFilters,
  type SearchWindowKey,
} from '../../lib/search-url';
import { useSearchDecks } from './api/search-decks';
import { SortControl } from './SortControl';
import { UnknownFiltersNote } from './UnknownFiltersNote';
import { WindowControl } from './WindowControl';

/** The heading of the results: the home column's title when the search is one; read from the same two controls. */
function titleOf(filters: SearchFilters): string {
  if (filters.text) return MESSAGES.decks.resultsFor(filters.text);
  if (sortOf(filters) !== 'top') return 'Search results';
  const window = windowOf(filters);
  if (window === 'week') return 'Top Decks This Week';
  return window === '30d' ? 'Top Decks of the Last 30 Days' : 'Top Decks All Time';
}

/** /deck-search-results: the search bar, the sort control and 12 results per page. */
export default function SearchResultsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = useMemo(() => readSearchParams(params), [params]);
  const fromState = filtersFromState(location.state);
  // Filters handed over as navigation state but missing from the URL (an older link) go into the
  // URL, so the search survives a reload and can be shared.
  const needsUrl = !hasAnyFilter(fromUrl.filters) && fromState && hasAnyFilter(fromState);
  useEffect(() => {
    if (needsUrl) navigate(searchResultsHref(fromState, 1), { replace: true, state: location.state });
  }, [needsUrl, fromState, navigate, location.state]);
  const { filters, unknown } = useMemo(
    () => withoutUnknown(needsUrl ? fromState : fromUrl.filters),
    [needsUrl, fromState, fromUrl.filters],
  );
  const page = fromUrl.page;
  const request = useMemo(() => toSearchRequest(filters), [filters]);
  const { data, isLoading, isError, error, refetch, isPlaceholderData } = useSearchDecks(request, page, DECKS_PER_PAGE);

  const search = ({ text, ...values }: SearchBarValues) => {
    // An emptied box drops the text from the search (and from the URL).
    const { text: _previous, ...rest } = filters;
    const next: SearchFilters = { ...rest, ...values, ...(text ? { text } : {}) };
    navigate(searchResultsHref(next), { state: next });
  };
  const sortBy = (sort: SearchSort) => {
    const next = withSort(filters, sort);
    navigate(searchResultsHref(next), { state: next });
  };
  const within = (window: SearchWindowKey) => {
    const next = withWindow(filters, window);
    navigate(searchResultsHref(next), { state: next });
  };
  const goToPage = (next: number) => {
    navigate(`?${writeSearchParams(filters, next)}`, { state: filters });
    window.scrollTo({ top: 0 });
  };
  // The bar starts over when the URL's selection changes (back button, a new search).
  const barKey = JSON.stringify([
    filters.albums,
    filters.collections,
    filters.tags,
    filters.cards,
    filters.excludeAlbums,
    filters.excludeTags,
    filters.excludeCards,
    filters.text,
  ]);

  return (
    <section className="page search-page" aria-labelledby="search-title">
      <SearchBar key={barKey} initial={filters} onSearch={search} withExclusions />
      <div className="results-head">
        <h1 id="search-title" className="results-title">
          {titleOf(filters)}
          {data && !isLoading && !isError && <span className="results-count"> · {deckCount(data.totalDecks)}</span>}
        </h1>
        <div className="results-controls">
          <SortControl value={sortOf(filters)} onChange={sortBy} />
          <WindowControl value={windowOf(filters)} onChange={within} />
        </div>
      </div>
      <UnknownFiltersNote unknown={unknown} />
      <div aria-live="polite" aria-busy={isLoading || isPlaceholderData}>
        {isLoading ? (
          <p className="loading">{MESSAGES.decks.loading}</p>
        ) : isError ? (
          // A failed search is not an empty one: say so, and offer to ask again.
          <div className="search-error" role="alert">
            <p>The search failed: {error.message}</p>
            <button type="button" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : data && data.decks.length === 0 && data.totalDecks > 0 ? (
          // A page past the end (an old link, ?page=99): the search did find decks, so "No decks
          // found!" under "71 decks" would contradict the count; say where they are instead.
          <p className="empty">
            Page {page} is past the last page of these {deckCount(data.totalDecks)}.{' '}
            <button type="button" onClick={() => goToPage(pageCount(data.totalDecks, DECKS_PER_PAGE))}>
              Go to page {pageCount(data.totalDecks, DECKS_PER_PAGE)}
            </button>
          </p>
        ) : !data || data.decks.length === 0 ? (
          <p className="empty">{MESSAGES.decks.none}</p>
        ) : (
          <DeckGrid decks={data.decks} />
        )}
      </div>
      {data && !isError && (
        <Pagination
          page={page}
          pageCount={pageCount(data.totalDecks, DECKS_PER_PAGE)}
          onPageChange={goToPage}
          label="Search results pages"
        />
      )}
    </section>
  );
}
