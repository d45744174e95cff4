import { useId } from 'react';
import { SEARCH_SORTS, type SearchSort } from '../../lib/search-url';

/**
 * Newest, Top this week, Top all time: a radio group, shown at every width, so a phone reaches
 * "Top this week" even though home hides that column below 850 px.
 */
export function SortControl({ value, onChange }: { value: SearchSort; onChange(sort: SearchSort): void }) {
  const name = useId();
  return (
    <fieldset className="sort-control">
      <legend>Sort</legend>
      {SEARCH_SORTS.map((sort) => (
        <label key={sort.key} className={sort.key === value ? 'is-selected' : undefined}>
          <input type="radio" name={name} value={sort.key} checked={sort.key === value} onChange={() => onChange(sort.key)} />
          {sort.label}
        </label>
      ))}
    </fieldset>
  );
}
