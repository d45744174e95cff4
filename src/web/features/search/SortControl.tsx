import { SEARCH_SORTS, type SearchSort } from '../../lib/search-url';
import { ChoiceGroup } from './ChoiceGroup';

/**
 * Newest or Most upvoted: a radio group, shown at every width. The date window beside it
 * (WindowControl) says over which days, so a phone reaches "Top this week" (Most upvoted, This week)
 * even though home hides that column below 850 px.
 */
export function SortControl({ value, onChange }: { value: SearchSort; onChange(sort: SearchSort): void }) {
  return (
    <ChoiceGroup legend="Sort" className="sort-control" choices={SEARCH_SORTS} value={value} onChange={onChange} />
  );
}
