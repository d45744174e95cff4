import type { UnknownFilter } from '../../lib/search-url';

const NOUN: Record<UnknownFilter['key'], string> = {
  albums: 'album',
  collections: 'collection',
  tags: 'tag',
  excludeAlbums: 'excluded album',
  excludeTags: 'excluded tag',
  sort: 'sort',
};

/** Says which values of the address were left out of the search, so a shared link that aged is not silently different. */
export function UnknownFiltersNote({ unknown }: { unknown: UnknownFilter[] }) {
  if (unknown.length === 0) return null;
  const list = unknown.map(({ key, value }) => `${NOUN[key]} "${value}"`).join(', ');
  return (
    <p className="notice" role="note">
      Left out of this search, as this site does not know {unknown.length === 1 ? 'it' : 'them'}: {list}.
    </p>
  );
}
