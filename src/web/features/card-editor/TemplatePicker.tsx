// The three template dropdowns (album, Basic/Limited, rarity) that choose the card's frame.
import {
  EDITIONS,
  rarityOptions,
  TEMPLATE_ALBUMS,
  albumFullName,
  type Edition,
  type Rarity,
  type TemplateAlbum,
  type TemplateChoice,
} from './template-catalog';

interface TemplatePickerProps {
  choice: TemplateChoice;
  onChange: (choice: Partial<TemplateChoice>) => void;
}

export function TemplatePicker({ choice, onChange }: TemplatePickerProps) {
  return (
    <fieldset className="ce-template-picker">
      <legend>Template</legend>
      <label>
        Album
        <select
          value={choice.album}
          onChange={(e) => onChange({ album: e.target.value as TemplateAlbum })}
          data-testid="template-album"
        >
          {TEMPLATE_ALBUMS.map((album) => (
            <option key={album} value={album}>
              {albumFullName(album)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Edition
        <select
          value={choice.limited}
          onChange={(e) => onChange({ limited: e.target.value as Edition })}
          data-testid="template-limited"
        >
          {EDITIONS.map((edition) => (
            <option key={edition} value={edition}>
              {edition}
            </option>
          ))}
        </select>
      </label>
      <label>
        Rarity
        <select
          value={choice.rarity}
          onChange={(e) => onChange({ rarity: e.target.value as Rarity })}
          data-testid="template-rarity"
        >
          {rarityOptions(choice.limited).map((rarity) => (
            <option key={rarity} value={rarity}>
              {rarity}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
