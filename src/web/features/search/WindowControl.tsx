import { SEARCH_WINDOWS_SHOWN, type SearchWindowKey } from '../../lib/search-url';
import { ChoiceGroup } from './ChoiceGroup';

/** All time, This week, Last 30 days: the date window beside the sort, a radio group like it. */
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
