import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { TagPills } from '../../components/TagPills';
import { useCuratedDecks } from './api/get-curated-decks';
import {
  facetValues,
  filterDecks,
  nextSort,
  NO_FILTERS,
  sortDecks,
  type FacetKey,
  type SortKey,
  type TableFilters,
} from './curated-table';
import { deckCodeOf } from '../../lib/deck-code';
import { FacetFilter } from './FacetFilter';
import { readTableParams, writeTableParams, type TableSort } from './table-url';

const FACETS: { key: FacetKey; title: string }[] = [
  { key: 'albums', title: 'Albums' },
  { key: 'collections', title: 'Collections' },
  { key: 'tags', title: 'Tags' },
];

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'long' });

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortKey;
  sort: TableSort;
  onSort(key: SortKey): void;
}) {
  const isActive = sort.key === column;
  return (
    <th scope="col" aria-sort={isActive ? sort.direction : 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true" className="sort-arrow">
          {isActive ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** /innkeepers-decks: the curator's decks as a searchable, sortable, filterable table; open to anyone. */
export default function InnkeeperPage() {
  const { data, isLoading } = useCuratedDecks();
  const [params, setParams] = useSearchParams();
  // The table answers from its own state, at once: the router applies an address change as a
  // transition, and a text field or checkbox waiting on one loses keystrokes and clicks.
  const [view, setView] = useState(() => readTableParams(params));
  const { filters, sort } = view;
  const show = (next: { filters?: TableFilters; sort?: TableSort }) =>
    setView({ filters: next.filters ?? filters, sort: next.sort ?? sort });
  // The address follows, so Back from a deck finds the table as it was left. It replaces the
  // entry rather than adding one: Back then leaves the table instead of undoing each keystroke.
  const query = writeTableParams(filters, sort).toString();
  useEffect(() => {
    if (query !== params.toString()) setParams(new URLSearchParams(query), { replace: true });
  }, [query, params, setParams]);
  const setFilters = (patch: Partial<TableFilters>) => show({ filters: { ...filters, ...patch } });
  const onSort = (key: SortKey) => show({ sort: nextSort(sort, key) });
  // On a phone the facet lists are folded away, so the table is not a screen-height below them.
  const [areFacetsOpen, setFacetsOpen] = useState(false);
  const facetsId = useId();
  const decks = useMemo(() => data?.decks ?? [], [data]);
  const rows = useMemo(() => sortDecks(filterDecks(decks, filters), sort.key, sort.direction), [decks, filters, sort]);
  const checkedCount = FACETS.reduce((n, f) => n + filters[f.key].length, 0);
  const hasFilters = filters.title !== '' || checkedCount > 0;

  return (
    <section className="page innkeeper-page" aria-labelledby="innkeeper-title">
      <h1 id="innkeeper-title">Innkeeper&apos;s Decks</h1>
      <div className="innkeeper-layout">
        <aside className="innkeeper-filters" aria-label="Filters">
          <label htmlFor="innkeeper-title-search">Search titles</label>
          <input
            id="innkeeper-title-search"
            type="search"
            value={filters.title}
            onChange={(e) => setFilters({ title: e.target.value })}
          />
          <button
            type="button"
            className="facets-toggle"
            aria-expanded={areFacetsOpen}
            aria-controls={facetsId}
            onClick={() => setFacetsOpen((open) => !open)}
          >
            Albums, collections and tags
            {checkedCount > 0 && ` (${checkedCount})`}
          </button>
          <div id={facetsId} className="innkeeper-facets" data-open={areFacetsOpen}>
            {FACETS.map((facet) => (
              <FacetFilter
                key={facet.key}
                facet={facet.key}
                title={facet.title}
                values={facetValues(decks, facet.key)}
                checked={filters[facet.key]}
                onChange={(values) => setFilters({ [facet.key]: values })}
              />
            ))}
          </div>
          {hasFilters && (
            <button type="button" onClick={() => show({ filters: NO_FILTERS })}>
              Clear filters
            </button>
          )}
        </aside>
        <div className="innkeeper-table-wrap">
          <p className="muted" aria-live="polite">
            {isLoading ? MESSAGES.decks.loading : `${rows.length} of ${decks.length} decks`}
          </p>
          {!isLoading && rows.length === 0 ? (
            <p className="empty">{MESSAGES.decks.none}</p>
          ) : (
            <table className="curated-table">
              <caption className="visually-hidden">Curated decks, sortable by title, deck code and last update</caption>
              <thead>
                <tr>
                  <SortHeader label="Title" column="title" sort={sort} onSort={onSort} />
                  <SortHeader label="Deck Code" column="deckcode" sort={sort} onSort={onSort} />
                  <th scope="col">Albums</th>
                  <th scope="col">Collections</th>
                  <th scope="col">Tags</th>
                  <SortHeader label="Last Updated" column="updatedAt" sort={sort} onSort={onSort} />
                </tr>
              </thead>
              <tbody>
                {rows.map((deck) => (
                  <tr key={deck._id}>
                    <td data-label="Title">
                      <Link to={`/decks/${deck._id}`}>{deck.title}</Link>
                    </td>
                    <td data-label="Deck Code">
                      {deckCodeOf(deck) ? <code>{deckCodeOf(deck)}</code> : <span className="muted">—</span>}
                    </td>
                    <td data-label="Albums">
                      <TagPills kind="album" values={deck.albums} />
                    </td>
                    <td data-label="Collections">
                      <TagPills kind="collection" values={deck.collections} />
                    </td>
                    <td data-label="Tags">
                      <TagPills kind="tag" values={deck.tags} />
                    </td>
                    <td data-label="Last Updated">
                      <time dateTime={deck.updatedAt}>{longDate(deck.updatedAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </section>
  );
}
