import { useId } from 'react';

/** A labelled radio group of the results page (the sort, the date window): one choice checked. */
export function ChoiceGroup<K extends string>({
  legend,
  className,
  choices,
  value,
  onChange,
}: {
  legend: string;
  className: string;
  choices: ReadonlyArray<{ key: K; label: string }>;
  value: K;
  onChange(key: K): void;
}) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.key} className={choice.key === value ? 'is-selected' : undefined}>
          <input
            type="radio"
            name={name}
            value={choice.key}
            checked={choice.key === value}
            onChange={() => onChange(choice.key)}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
