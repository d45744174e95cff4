import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MetaCard, MetaCategories, MetaSort } from '../../../common/api/meta';
import { META_CARDS_PER_PAGE, META_TREND_WEEKS } from '../../../common/api/meta';
import { ALBUMS, COLLECTIONS, RARITIES, findCollection } from '../../../common/game';
import { Bar, Sparkline } from '../../components/charts';
import { Pagination } from '../../components/Pagination';
import { ScrollRegion } from '../../components/ScrollRegion';
import { pillOf } from '../../components/TagPills';
import { pageCount } from '../../components/page-items';
import { formatPercent, formatPointChange } from '../../lib/percent';
import { useMetaCards, useMetaCategories } from './api/get-meta';
import { metaQuery, metaViewParams, readMetaView, sortedBy, type MetaView } from './meta-url';
import './meta.css';

const COLUMNS: { sort: MetaSort; label: string; numeric: boolean }[] = [
  { sort: 'name', label: 'Card', numeric: false },
  { sort: 'decks', label: 'Decks', numeric: true },
  { sort: 'thisWeek', label: 'This week', numeric: true },
  { sort: 'change', label: 'Change', numeric: true },
  { sort: 'score', label: 'Avg. score', numeric: true },
];

function SortHeader({
  column,
  view,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  view: MetaView;
  onSort(sort: MetaSort): void;
}) {
  const isSorted = view.sort === column.sort;
  return (
    <th
      scope="col"
      aria-sort={isSorted ? (view.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={column.numeric ? 'numeric' : undefined}
    >
      <button type="button" className="sort-button" onClick={() => onSort(column.sort)}>
        {column.label}
        <span aria-hidden="true" className="sort-mark">
          {isSorted ? (view.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

function CardRow({ card }: { card: MetaCard }) {
  const collection = findCollection(card.collection);
  return (
    <tr>
      <th scope="row">
        <Link to={`/cards/${encodeURIComponent(card.code)}`}>{card.name}</Link>
        <span className="meta-card-facts">
          {card.rarity} · {collection?.name ?? card.collection}
        </span>
      </th>
      <td className="numeric">
        {card.decks} <span className="muted">({formatPercent(card.rate)})</span>
      </td>
      <td className="numeric">{formatPercent(card.thisWeek)}</td>
      <td className={`numeric ${card.change > 0 ? 'is-up' : card.change < 0 ? 'is-down' : ''}`}>
        {formatPointChange(card.change)}
      </td>
      <td className="numeric">{card.averageScore.toFixed(1)}</td>
      <td>
        <Sparkline
          values={card.trend}
          label={`Share of decks over the last ${META_TREND_WEEKS} weeks: ${card.trend.map(formatPercent).join(', ')}`}
        />
      </td>
    </tr>
  );
}

function Filters({ view, onChange }: { view: MetaView; onChange(view: MetaView): void }) {
  const set = (key: 'album' | 'collection' | 'rarity') => (event: React.ChangeEvent<HTMLSelectElement>) =>
    onChange({ ...view, [key]: event.target.value || undefined, page: 1 });
  const collections = COLLECTIONS.filter((c) => !view.album || c.album === view.album);
  return (
    <div className="meta-filters" role="group" aria-label="Filter the cards">
      <label>
        Album
        <select value={view.album ?? ''} onChange={set('album')}>
          <option value="">All albums</option>
          {ALBUMS.map((album) => (
            <option key={album.name}>{album.name}</option>
          ))}
        </select>
      </label>
      <label>
        Collection
        <select value={view.collection ?? ''} onChange={set('collection')}>
          <option value="">All collections</option>
          {collections.map((collection) => (
            <option key={collection.code} value={collection.code}>
              {collection.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Rarity
        <select value={view.rarity ?? ''} onChange={set('rarity')}>
          <option value="">All rarities</option>
          {RARITIES.map((rarity) => (
            <option key={rarity}>{rarity}</option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** One kind of category as bars in the game's colours. */
function CategoryBars({
  title,
  kind,
  counts,
  totalDecks,
}: {
  title: string;
  kind: 'album' | 'collection' | 'tag';
  counts: MetaCategories['albums'];
  totalDecks: number;
}) {
  const top = Math.max(...counts.map((c) => c.decks), 1);
  return (
    <section className="meta-categories-group" aria-labelledby={`meta-${kind}-title`}>
      <h3 id={`meta-${kind}-title`}>{title}</h3>
      {counts.length === 0 ? (
        <p className="empty">None yet.</p>
      ) : (
        <ol>
          {counts.map(({ value, decks }) => {
            const { label, color } = pillOf(kind, value);
            return (
              <li key={value}>
                <span className="meta-category-name">{label}</span>
                <Bar value={decks} max={top} color={color} width={110} />
                <span className="muted">
                  {decks} ({formatPercent(totalDecks > 0 ? decks / totalDecks : 0)})
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function Categories() {
  const { data } = useMetaCategories();
  if (!data) return null;
  return (
    <section className="meta-categories" aria-labelledby="meta-categories-title">
      <h2 id="meta-categories-title">Most used albums, collections and tags</h2>
      <div className="meta-categories-grid">
        <CategoryBars title="Albums" kind="album" counts={data.albums} totalDecks={data.totalDecks} />
        <CategoryBars title="Collections" kind="collection" counts={data.collections} totalDecks={data.totalDecks} />
        <CategoryBars title="Tags" kind="tag" counts={data.tags} totalDecks={data.totalDecks} />
      </div>
    </section>
  );
}

/** /meta: the most played cards as a sortable, filterable table, and the most used categories. */
export default function MetaPage() {
  const [params, setParams] = useSearchParams();
  const view = readMetaView(params);
  const { data, isLoading, isError } = useMetaCards(metaQuery(view));
  useEffect(() => {
    document.title = 'The meta · Deckhub';
  }, []);
  const show = (next: MetaView) => setParams(metaViewParams(next));
  return (
    <section className="page meta-page" aria-labelledby="meta-title">
      <h1 id="meta-title">The meta</h1>
      <p className="muted">
        The most played cards across {data ? data.totalDecks : '…'} decks. &ldquo;This week&rdquo; is the share of the
        decks published since the weekly reset (Monday 11:00 UTC); the change compares it with last week.
      </p>
      <Filters view={view} onChange={show} />
      {isLoading ? (
        <p className="loading">Loading cards...</p>
      ) : isError || !data ? (
        <p className="search-error">The meta could not be loaded.</p>
      ) : data.cards.length === 0 ? (
        <p className="empty">No cards found!</p>
      ) : (
        <ScrollRegion className="meta-table-scroll" label="Most played cards">
          <table className="meta-table">
            <caption className="visually-hidden">Most played cards, {data.totalCards} in all</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <SortHeader
                    key={column.sort}
                    column={column}
                    view={view}
                    onSort={(sort) => show(sortedBy(view, sort))}
                  />
                ))}
                <th scope="col">{META_TREND_WEEKS} weeks</th>
              </tr>
            </thead>
            <tbody>
              {data.cards.map((card) => (
                <CardRow key={card.code} card={card} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {data && (
        <Pagination
          page={view.page}
          pageCount={pageCount(data.totalCards, META_CARDS_PER_PAGE)}
          onPageChange={(page) => show({ ...view, page })}
          label="Pages of cards"
        />
      )}
      <Categories />
    </section>
  );
}
