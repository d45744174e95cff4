import { useId, useMemo, useState } from 'react';
import { pillOf, type PillKind } from '../../components/TagPills';
import type { FacetKey } from './curated-table';

const KIND: Record<FacetKey, PillKind> = { albums: 'album', collections: 'collection', tags: 'tag' };

interface FacetFilterProps {
  facet: FacetKey;
  title: string;
  values: { value: string; count: number }[];
  checked: string[];
  onChange(values: string[]): void;
}

/** A checkbox list of one facet with its own search box; a deck must have every checked value. */
export function FacetFilter({ facet, title, values, checked, onChange }: FacetFilterProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const options = useMemo(
    () => values.map((v) => ({ ...v, ...pillOf(KIND[facet], v.value) })).sort((a, b) => a.label.localeCompare(b.label)),
    [values, facet],
  );
  const text = query.trim().toLowerCase();
  // Checked values stay visible whatever the search, so they can always be unchecked.
  const shown = options.filter((o) => !text || o.label.toLowerCase().includes(text) || checked.includes(o.value));
  const toggle = (value: string, isOn: boolean) =>
    onChange(isOn ? [...checked, value] : checked.filter((v) => v !== value));
  return (
    <fieldset className="facet">
      <legend>
        {title}
        {checked.length > 0 && <span className="facet-count"> ({checked.length})</span>}
      </legend>
      <label htmlFor={searchId} className="visually-hidden">
        Search {title.toLowerCase()}
      </label>
      <input
        id={searchId}
        type="search"
        placeholder={`Search ${title.toLowerCase()}`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul className="facet-options">
        {shown.map((option) => (
          <li key={option.value}>
            <label>
              <input
                type="checkbox"
                checked={checked.includes(option.value)}
                onChange={(e) => toggle(option.value, e.target.checked)}
              />
              <span className="facet-swatch" style={{ background: option.color }} aria-hidden="true" />
              {option.label} <span className="muted">({option.count})</span>
            </label>
          </li>
        ))}
        {shown.length === 0 && <li className="muted">No match.</li>}
      </ul>
    </fieldset>
  );
}
