import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { DeckGrid } from '../../components/DeckGrid';
import { SearchBar, type SearchBarValues } from '../../components/SearchBar';
import { EMPTY_FILTERS, searchResultsHref, toSearchRequest, type SearchFilters } from '../../lib/search-url';
import { useColumnDecks } from './api/get-column-decks';

interface Column {
  title: string;
  filters: SearchFilters;
  className?: string;
}

/** The three home columns; 'Top Decks This Week' shows only at width ≥ 850 (CSS). */
const COLUMNS: Column[] = [
  {
    title: 'Top Decks This Week',
    filters: { ...EMPTY_FILTERS, sortBy: 'score', restricted: true },
    className: 'wide-only',
  },
  { title: 'Newest Decks', filters: EMPTY_FILTERS },
  { title: 'Top Decks All Time', filters: { ...EMPTY_FILTERS, sortBy: 'score' } },
];

function HomeColumn({ column }: { column: Column }) {
  const { data, isLoading } = useColumnDecks(toSearchRequest(column.filters));
  const headingId = `home-column-${column.title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={`home-column ${column.className ?? ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Link to={searchResultsHref(column.filters)} state={column.filters}>
          {column.title}
        </Link>
      </h2>
      {isLoading ? (
        <p className="loading">{MESSAGES.decks.loading}</p>
      ) : data && data.decks.length > 0 ? (
        <DeckGrid decks={data.decks} layout="list" />
      ) : (
        <p className="empty">{MESSAGES.decks.none}</p>
      )}
    </section>
  );
}

interface HomePageProps {
  /** Shown above the search bar (the landing gallery on `/`). */
  hero?: ReactNode;
  /** Buttons beside 'Search for Decks' ('Upload a deck' for users with an e-mail). */
  searchActions?: ReactNode;
}

/** Home at `/` and `/decks`: search bar and the three columns of 5 decks. */
export function HomePage({ hero, searchActions }: HomePageProps) {
  const navigate = useNavigate();
  const search = ({ text, ...values }: SearchBarValues) => {
    const filters: SearchFilters = { ...EMPTY_FILTERS, ...values, ...(text ? { text } : {}) };
    navigate(searchResultsHref(filters), { state: filters });
  };
  return (
    <div className="page home">
      <h1 className="visually-hidden">Deckhub: CUE decks</h1>
      {hero}
      <SearchBar onSearch={search} actions={searchActions} />
      <div className="home-columns">
        {COLUMNS.map((column) => (
          <HomeColumn key={column.title} column={column} />
        ))}
      </div>
    </div>
  );
}
