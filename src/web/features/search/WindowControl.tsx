import { useId } from 'react';
import { SEARCH_WINDOWS_SHOWN, type SearchWindowKey } from '../../lib/search-url';

/** All time, This week, Last 30 days: the date window beside the sort, a radio group like it. */
export function WindowControl({ value, onChange }: { value: SearchWindowKey; onChange(window: SearchWindowKey): void }) {
  const name = useId();
  return (
    <fieldset className="sort-control window-control">
      <legend>Date</legend>
      {SEARCH_WINDOWS_SHOWN.map((window) => (
        <label key={window.key} className={window.key === value ? 'is-selected' : undefined}>
          <input type="radio" name={name} value={window.key} checked={window.key === value} onChange={() => onChange(window.key)} />
          {window.label}
        </label>
      ))}
    </fieldset>
  );
}
