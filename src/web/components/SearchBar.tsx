// The search bar of home and of the search results. The react-select pickers are
// the heaviest code on the home page, so they load after first paint; the placeholders keep
// their place so nothing jumps when they arrive.
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';

const AlbumSelect = lazy(() => import('./CategorySelects').then((m) => ({ default: m.AlbumSelect })));
const CollectionSelect = lazy(() => import('./CategorySelects').then((m) => ({ default: m.CollectionSelect })));
const TagSelect = lazy(() => import('./CategorySelects').then((m) => ({ default: m.TagSelect })));
const CardSelect = lazy(() => import('./CategorySelects').then((m) => ({ default: m.CardSelect })));

/** What the four pickers hold. */
export interface CategoryValues {
  albums: string[];
  collections: string[];
  tags: string[];
  cards: string[];
}

interface SearchBarProps {
  initial?: CategoryValues;
  onSearch(values: CategoryValues): void;
  /** Extra buttons beside 'Search for Decks' (home puts 'Upload a deck' here). */
  actions?: ReactNode;
}

const EMPTY: CategoryValues = { albums: [], collections: [], tags: [], cards: [] };

const PICKERS = [
  { key: 'albums', label: 'Albums', Select: AlbumSelect },
  { key: 'collections', label: 'Collections', Select: CollectionSelect },
  { key: 'tags', label: 'Tags', Select: TagSelect },
  { key: 'cards', label: 'Cards', Select: CardSelect },
] as const;

export function SearchBar({ initial = EMPTY, onSearch, actions }: SearchBarProps) {
  const [values, setValues] = useState<CategoryValues>(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(values);
  };
  return (
    <form className="search-bar" role="search" aria-label="Search decks" onSubmit={submit}>
      <div className="search-pickers">
        {PICKERS.map(({ key, label, Select }) => {
          const inputId = `search-${key}`;
          return (
            <div className="search-picker" key={key}>
              <label htmlFor={inputId} className="visually-hidden">
                {label}
              </label>
              <Suspense fallback={<input id={inputId} className="picker-placeholder" placeholder={label} readOnly aria-busy="true" />}>
                <Select inputId={inputId} value={values[key]} onChange={(next) => setValues((v) => ({ ...v, [key]: next }))} />
              </Suspense>
            </div>
          );
        })}
      </div>
      <div className="search-actions">
        {actions}
        <button type="submit" className="primary">
          Search for Decks
        </button>
      </div>
    </form>
  );
}
