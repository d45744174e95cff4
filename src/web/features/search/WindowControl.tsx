import { SEARCH_WINDOWS_SHOWN, type SearchWindowKey } from '../../lib/search-url';
import { ChoiceGroup } from './ChoiceGroup';

/**
 * All time, This week, Last 30 days: the date window of both orders beside the sort, a radio group
 * like it; with Most upvoted it picks which Top Decks the heading names.
 */
export function WindowControl({
  value,
  onChange,
}: {
  value: SearchWindowKey;
  onChange(window: SearchWindowKey): void;
}) {
  return (
    <ChoiceGroup
      legend="Date"
      className="sort-control window-control"
      choices={SEARCH_WINDOWS_SHOWN}
      value={value}
      onChange={onChange}
    />
  );
}
