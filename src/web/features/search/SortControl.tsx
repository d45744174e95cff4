import { SEARCH_SORTS, type SearchSort } from '../../lib/search-url';
import { ChoiceGroup } from './ChoiceGroup';

/**
 * Newest, Top this week, Top all time: a radio group, shown at every width, so a phone reaches
 * "Top this week" even though home hides that column below 850 px.
 */
export function SortControl({ value, onChange }: { value: SearchSort; onChange(sort: SearchSort): void }) {
  return (
    <ChoiceGroup legend="Sort" className="sort-control" choices={SEARCH_SORTS} value={value} onChange={onChange} />
  );
}
