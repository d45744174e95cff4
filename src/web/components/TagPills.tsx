import { ALBUMS, TAGS, findCollection } from '../../common/game';
import { NEUTRAL_COLOR, readableTextColor } from './category-options';

const albumColor = new Map<string, string>(ALBUMS.map((a) => [a.name, a.color]));
const tagColor = new Map<string, string>(TAGS.map((t) => [t.name, t.color]));

export type PillKind = 'album' | 'collection' | 'tag';

/** The colour and readable name of a stored category value (collections are stored as codes). */
export function pillOf(kind: PillKind, value: string): { label: string; color: string } {
  if (kind === 'album') return { label: value, color: albumColor.get(value) ?? NEUTRAL_COLOR };
  if (kind === 'tag') return { label: value, color: tagColor.get(value) ?? NEUTRAL_COLOR };
  const collection = findCollection(value);
  return { label: collection?.name ?? value, color: (collection && albumColor.get(collection.album)) ?? NEUTRAL_COLOR };
}

/** Category values as pills in the game's colours. */
export function TagPills({ kind, values, label }: { kind: PillKind; values: readonly string[]; label?: string }) {
  if (values.length === 0) return null;
  return (
    <ul className="pills" aria-label={label}>
      {values.map((value) => {
        const { label: text, color } = pillOf(kind, value);
        return (
          <li key={value} className="pill" style={{ background: color, color: readableTextColor(color) }}>
            {text}
          </li>
        );
      })}
    </ul>
  );
}
