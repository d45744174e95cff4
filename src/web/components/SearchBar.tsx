// The search bar of home and of the search results. The react-select pickers are
// the heaviest code on the home page, so they load after first paint; the placeholders keep
// their place so nothing jumps when they arrive.
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_SEARCH_TEXT_LENGTH } from '../../common/limits';
import { MESSAGES } from '../../common/messages';

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

/** What the exclusion pickers hold: decks with any of these are left out. */
export interface ExclusionValues {
  excludeAlbums?: string[];
  excludeTags?: string[];
  excludeCards?: string[];
}

/** Everything the bar holds: the pickers and the words typed (title, deck code or author; '' for none). */
export type SearchBarValues = CategoryValues & ExclusionValues & { text?: string };

interface SearchBarProps {
  initial?: SearchBarValues;
  onSearch(values: SearchBarValues): void;
  /** Offer "Exclude" pickers (albums, tags, cards to leave out) under the four pickers. */
  withExclusions?: boolean;
  /** Extra buttons beside 'Search for Decks' (home puts 'Upload a deck' here). */
  actions?: ReactNode;
}

const EMPTY: CategoryValues = { albums: [], collections: [], tags: [], cards: [] };

// `kind` names the values in the note under a picker holding several: "Decks with all 2 of these albums".
const PICKERS = [
  { key: 'albums', label: 'Albums', kind: 'albums', Select: AlbumSelect },
  { key: 'collections', label: 'Collections', kind: 'collections', Select: CollectionSelect },
  { key: 'tags', label: 'Tags', kind: 'tags', Select: TagSelect },
  { key: 'cards', label: 'Cards', kind: 'cards', Select: CardSelect },
] as const;

const EXCLUSION_PICKERS = [
  { key: 'excludeAlbums', label: 'Without albums', kind: 'albums', Select: AlbumSelect },
  { key: 'excludeTags', label: 'Without tags', kind: 'tags', Select: TagSelect },
  { key: 'excludeCards', label: 'Without these cards', kind: 'cards', Select: CardSelect },
] as const;

/** One picker, behind a read-only placeholder of the same id until the picker code has loaded. */
function Picker({
  inputId,
  label,
  note,
  Select,
  value,
  onChange,
}: {
  inputId: string;
  label: string;
  /** What the picks mean together, said once there are two or more (null: nothing to say). */
  note: string | null;
  Select: (typeof PICKERS)[number]['Select'];
  value: string[];
  onChange(next: string[]): void;
}) {
  return (
    <div className="search-picker">
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <Suspense
        fallback={<input id={inputId} className="picker-placeholder" placeholder={label} readOnly aria-busy="true" />}
      >
        <Select inputId={inputId} value={value} onChange={onChange} placeholder={label} />
      </Suspense>
      {/* Polite: told to a screen reader when the second pick makes it true, as it shows. */}
      <p className="picker-note" id={`${inputId}-note`} aria-live="polite">
        {note}
      </p>
    </div>
  );
}

export function SearchBar({ initial = EMPTY, onSearch, actions, withExclusions = false }: SearchBarProps) {
  const [values, setValues] = useState<SearchBarValues>(initial);
  const hasExclusions = EXCLUSION_PICKERS.some(({ key }) => (initial[key]?.length ?? 0) > 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...values, text: values.text?.trim() ?? '' });
  };
  return (
    <form className="search-bar" role="search" aria-label="Search decks" onSubmit={submit}>
      <label htmlFor="search-text" className="visually-hidden">
        {MESSAGES.decks.searchTextLabel}
      </label>
      {/* type="search": Escape and the browser's own clear button empty it; searching then drops the text. */}
      <input
        id="search-text"
        className="search-text"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={MAX_SEARCH_TEXT_LENGTH}
        placeholder={MESSAGES.decks.searchTextPlaceholder}
        value={values.text ?? ''}
        onChange={(event) => {
          const text = event.target.value;
          setValues((v) => ({ ...v, text }));
        }}
      />
      <div className="search-pickers">
        {PICKERS.map(({ key, label, kind, Select }) => (
          <Picker
            key={key}
            inputId={`search-${key}`}
            label={label}
            note={values[key].length > 1 ? MESSAGES.decks.pickedAllOf(values[key].length, kind) : null}
            Select={Select}
            value={values[key]}
            onChange={(next) => setValues((v) => ({ ...v, [key]: next }))}
          />
        ))}
      </div>
      {withExclusions && (
        <details className="search-exclusions" open={hasExclusions}>
          <summary>Exclude</summary>
          <div className="search-pickers">
            {EXCLUSION_PICKERS.map(({ key, label, kind, Select }) => (
              <Picker
                key={key}
                inputId={`search-${key}`}
                label={label}
                note={
                  (values[key]?.length ?? 0) > 1 ? MESSAGES.decks.pickedAnyOfLeftOut(values[key]!.length, kind) : null
                }
                Select={Select}
                value={values[key] ?? []}
                onChange={(next) => setValues((v) => ({ ...v, [key]: next }))}
              />
            ))}
          </div>
        </details>
      )}
      <div className="search-actions">
        {actions}
        <button type="submit" className="primary">
          Search for Decks
        </button>
      </div>
    </form>
  );
}
