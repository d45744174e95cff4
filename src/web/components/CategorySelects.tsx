// The category pickers of the search bar, the upload form and the edit modal:
// react-select multi-selects in the game's colours, capped at 110px tall from 5 values.
import { useMemo, useState, type KeyboardEvent } from 'react';
import Select, { type StylesConfig } from 'react-select';
import {
  ALBUM_OPTIONS,
  COLLECTION_OPTIONS,
  TAG_OPTIONS,
  cardOptions,
  filterOptions,
  multiSelectMaxHeight,
  readableTextColor,
  selectedOptions,
  type ColoredOption,
} from './category-options';
import { useCards } from './api/list-cards';

export interface CategorySelectProps {
  /** The id of the text input, for a `<label htmlFor>`. */
  inputId: string;
  /** Selected values as the API stores them (album names, collection codes, tag names, card names). */
  value: string[];
  onChange(values: string[]): void;
  /** Shown while empty; the picker's kind by default ("Albums"). */
  placeholder?: string;
}

/** Card names listed at once in the menu; type to narrow the thousands of cards down. */
const CARD_MENU_LIMIT = 60;

function pickerStyles(selectedCount: number): StylesConfig<ColoredOption, true> {
  const maxHeight = multiSelectMaxHeight(selectedCount);
  return {
    control: (base, state) => ({
      ...base,
      background: 'var(--panel)',
      borderColor: state.isFocused ? 'var(--focus)' : 'var(--border)',
      boxShadow: state.isFocused ? '0 0 0 2px var(--focus)' : 'none',
      '&:hover': { borderColor: 'var(--accent)' },
    }),
    valueContainer: (base) => (maxHeight ? { ...base, maxHeight, overflowY: 'auto' } : base),
    input: (base) => ({ ...base, color: 'var(--fg)' }),
    placeholder: (base) => ({ ...base, color: 'var(--muted)' }),
    menu: (base) => ({ ...base, background: 'var(--panel)', border: '1px solid var(--border)', zIndex: 20 }),
    option: (base, state) => ({
      ...base,
      color: 'var(--fg)',
      background: state.isFocused ? 'var(--border)' : 'transparent',
      borderLeft: `6px solid ${state.data.color}`,
      cursor: 'pointer',
    }),
    multiValue: (base, state) => ({ ...base, background: state.data.color, borderRadius: 999 }),
    multiValueLabel: (base, state) => ({ ...base, color: readableTextColor(state.data.color), paddingLeft: 8 }),
    multiValueRemove: (base, state) => ({
      ...base,
      color: readableTextColor(state.data.color),
      borderRadius: 999,
      ':hover': { background: 'rgb(0 0 0 / 0.2)' },
    }),
    noOptionsMessage: (base) => ({ ...base, color: 'var(--muted)' }),
    indicatorSeparator: (base) => ({ ...base, background: 'var(--border)' }),
    dropdownIndicator: (base) => ({ ...base, color: 'var(--muted)' }),
    clearIndicator: (base) => ({ ...base, color: 'var(--muted)' }),
  };
}

interface ColoredMultiSelectProps extends CategorySelectProps {
  options: readonly ColoredOption[];
  placeholder: string;
  isLoading?: boolean;
  /** When set, the menu lists at most this many matches and does its own filtering. */
  menuLimit?: number;
}

function ColoredMultiSelect({
  inputId,
  value,
  onChange,
  options,
  placeholder,
  isLoading,
  menuLimit,
}: ColoredMultiSelectProps) {
  const [input, setInput] = useState('');
  const selected = useMemo(() => selectedOptions(value, options), [value, options]);
  const styles = useMemo(() => pickerStyles(value.length), [value.length]);
  const shown = useMemo(
    () => (menuLimit ? filterOptions(options, input, menuLimit) : options),
    [menuLimit, options, input],
  );
  // Enter with typed text that matches nothing ("No options") is left alone by react-select and
  // would submit the surrounding form (a half-filled deck published, the typed text lost). This
  // wrapper hears the key after react-select: a used Enter (a pick) is already default-prevented.
  const keepEnterInPicker = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.defaultPrevented && input !== '') event.preventDefault();
  };
  return (
    <div className="picker-keys" onKeyDown={keepEnterInPicker}>
      <Select<ColoredOption, true>
        isMulti
        inputId={inputId}
        instanceId={inputId}
        options={shown}
        value={selected}
        onChange={(next) => onChange(next.map((o) => o.value))}
        inputValue={input}
        onInputChange={(text) => setInput(text)}
        filterOption={menuLimit ? null : undefined}
        placeholder={placeholder}
        isLoading={isLoading}
        styles={styles}
        classNamePrefix="picker"
        className="picker"
        // The menu closes on a pick: left open it covers the Search button below, and Enter then
        // picks again instead of searching. With the menu closed, Enter submits the search.
        closeMenuOnSelect
      />
    </div>
  );
}

export function AlbumSelect(props: CategorySelectProps) {
  return <ColoredMultiSelect {...props} options={ALBUM_OPTIONS} placeholder={props.placeholder ?? 'Albums'} />;
}

export function CollectionSelect(props: CategorySelectProps) {
  return (
    <ColoredMultiSelect {...props} options={COLLECTION_OPTIONS} placeholder={props.placeholder ?? 'Collections'} />
  );
}

export function TagSelect(props: CategorySelectProps) {
  return <ColoredMultiSelect {...props} options={TAG_OPTIONS} placeholder={props.placeholder ?? 'Tags'} />;
}

/** Cards come from the catalog (GET /api/cards/); values are card names. */
export function CardSelect(props: CategorySelectProps) {
  const { data, isLoading } = useCards();
  const options = useMemo(() => cardOptions(data ?? []), [data]);
  return (
    <ColoredMultiSelect
      {...props}
      options={options}
      placeholder={props.placeholder ?? 'Cards'}
      isLoading={isLoading}
      menuLimit={CARD_MENU_LIMIT}
    />
  );
}
