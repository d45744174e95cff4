import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DECKS_PER_PAGE } from '../../../common/game';
import { MESSAGES } from '../../../common/messages';
import { DeckGrid } from '../../components/DeckGrid';
import { Pagination } from '../../components/Pagination';
import { deckCount, pageCount } from '../../components/page-items';
import { SearchBar, type CategoryValues } from '../../components/SearchBar';
import { filtersFromState, hasAnyFilter, readSearchParams, searchResultsHref, toSearchRequest, writeSearchParams } from '../../lib/search-url';
import { useSearchDecks } from './api/search-decks';

/** /deck-search-results: the search bar and 12 results per page. */
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
  const filters = needsUrl ? fromState : fromUrl.filters;
  const page = fromUrl.page;
  const request = useMemo(() => toSearchRequest(filters), [filters]);
  const { data, isLoading, isError, isPlaceholderData } = useSearchDecks(request, page, DECKS_PER_PAGE);

  const search = (values: CategoryValues) => {
    const next = { ...filters, ...values };
    navigate(searchResultsHref(next), { state: next });
  };
  const goToPage = (next: number) => {
    navigate(`?${writeSearchParams(filters, next)}`, { state: filters });
    window.scrollTo({ top: 0 });
  };
  // The bar starts over when the URL's selection changes (back button, a new search).
  const barKey = JSON.stringify([filters.albums, filters.collections, filters.tags, filters.cards]);

  return (
    <section className="page search-page" aria-labelledby="search-title">
      <SearchBar key={barKey} initial={filters} onSearch={search} />
      <h1 id="search-title" className="results-title">
        {filters.sortBy === 'score' ? (filters.restricted ? 'Top Decks This Week' : 'Top Decks All Time') : 'Search results'}
        {data && !isLoading && <span className="results-count"> · {deckCount(data.totalDecks)}</span>}
      </h1>
      <div aria-live="polite" aria-busy={isLoading || isPlaceholderData}>
        {isLoading ? (
          <p className="loading">{MESSAGES.decks.loading}</p>
        ) : isError || !data || data.decks.length === 0 ? (
          <p className="empty">{MESSAGES.decks.none}</p>
        ) : (
          <DeckGrid decks={data.decks} />
        )}
      </div>
      {data && <Pagination page={page} pageCount={pageCount(data.totalDecks, DECKS_PER_PAGE)} onPageChange={goToPage} label="Search results pages" />}
    </section>
  );
}
